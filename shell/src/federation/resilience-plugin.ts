import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { ShellFailurePolicy } from './failure-policy';

/**
 * The failure policy applied where remote entries load: each attempt is bounded by the policy's
 * entry timeout, a failed entry is retried with the policy's backoff, then the tenant's
 * last-good version is loaded if the policy names one, and otherwise the load fails so the
 * mount wrapper shows the fallback. It also puts Subresource Integrity on every entry script it
 * knows, so a tampered or half-deployed entry is refused by the browser.
 */
type LoadEntryErrorHook = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;
type LoadEntryErrorArgs = Parameters<LoadEntryErrorHook>[0];

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function resiliencePlugin(
  policy: ShellFailurePolicy,
  sleep: (ms: number) => Promise<void> = wait,
): ModuleFederationRuntimePlugin {
  const integrityByUrl = new Map<string, string>();
  for (const remote of policy.remotes) {
    for (const entry of [remote, remote.lastGood]) {
      if (entry?.integrity) integrityByUrl.set(new URL(entry.entry, location.href).href, entry.integrity);
    }
  }

  return {
    name: 'forecourt-resilience',

    createScript({ url }) {
      const script = document.createElement('script');
      script.src = url;
      script.crossOrigin = 'anonymous';
      const integrity = integrityByUrl.get(new URL(url, location.href).href);
      if (integrity) script.integrity = integrity;
      return { script, timeout: policy.entryTimeoutMs };
    },

    // The hook's declared return type wraps the entry in one Promise too many; the runtime
    // awaits whatever the hook returns, so an async function returning the exports is right.
    loadEntryError: (async ({
      getRemoteEntry,
      origin,
      remoteInfo,
      remoteEntryExports,
      globalLoading,
      uniqueKey,
    }: LoadEntryErrorArgs) => {
      let lastError: unknown = new Error(`${remoteInfo.entry} did not load`);
      for (const ms of policy.retryBackoffMs) {
        await sleep(ms);
        // A failed load stays in the runtime's loading map until it settles; clear it so the
        // retry really fetches again.
        delete globalLoading[uniqueKey];
        try {
          const exports = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
          if (exports) return exports;
        } catch (error) {
          lastError = error;
        }
      }
      // Giving up is reported by the mount wrapper, which then shows the fallback; a recovery
      // is reported here, where the failed version is known.
      const remote = policy.remotes.find((r) => r.name === remoteInfo.name);
      const failedVersion = remote?.lastGood?.entry === remoteInfo.entry ? remote.lastGood.version : remote?.version;
      const lastGood = remote && failedVersion ? policy.lastGoodFor(remote, failedVersion) : undefined;
      if (remote && failedVersion && lastGood) {
        try {
          const exports = await getRemoteEntry({
            origin,
            remoteInfo: { ...remoteInfo, entry: lastGood.entry },
            remoteEntryExports,
          });
          if (exports) {
            policy.report({ kind: 'entry', remote: remote.team, version: failedVersion, error: lastError });
            policy.recovered(remote.team, remote.version, lastGood.version);
            return exports;
          }
        } catch {
          // the last-good entry failed too: the mount wrapper reports the failure and shows the fallback
        }
      }
      return undefined;
    }) as unknown as LoadEntryErrorHook,
  };
}
