import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RemoteManifestEntry } from '@forecourt/shared-config';

/**
 * The platform's failure policy for remote entries, in one runtime plugin:
 *   1. retry the pinned entry with backoff (a CDN hiccup should not cost the shopper a feature);
 *   2. then load the tenant's last-good version of that remote, if the manifest names one;
 *   3. otherwise give up, so the shell shows that app's fallback.
 * It also puts Subresource Integrity on every entry script it knows, so a tampered or
 * half-deployed entry is refused by the browser.
 */
export const RETRY_BACKOFF_MS = [250, 750] as const;
export const ENTRY_LOAD_TIMEOUT_MS = 10_000;

export interface ResilienceEvents {
  onRetry?: (remote: string, attempt: number) => void;
  onFallback?: (remote: RemoteManifestEntry, to: NonNullable<RemoteManifestEntry['lastGood']>) => void;
  onGiveUp?: (remote: string, error: unknown) => void;
}

type LoadEntryErrorHook = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;
type LoadEntryErrorArgs = Parameters<LoadEntryErrorHook>[0];

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function resiliencePlugin(
  remotes: readonly RemoteManifestEntry[],
  events: ResilienceEvents = {},
  backoffMs: readonly number[] = RETRY_BACKOFF_MS,
  sleep: (ms: number) => Promise<void> = wait,
): ModuleFederationRuntimePlugin {
  const integrityByUrl = new Map<string, string>();
  for (const remote of remotes) {
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
      return { script, timeout: ENTRY_LOAD_TIMEOUT_MS };
    },

    // The hook's declared return type wraps the entry in one Promise too many; the runtime
    // awaits whatever the hook returns, so an async function returning the exports is right.
    loadEntryError: (async ({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }: LoadEntryErrorArgs) => {
      let lastError: unknown;
      for (const [i, ms] of backoffMs.entries()) {
        await sleep(ms);
        events.onRetry?.(remoteInfo.name, i + 1);
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
      const remote = remotes.find((r) => r.name === remoteInfo.name);
      const lastGood = remote?.lastGood;
      if (remote && lastGood && lastGood.entry !== remoteInfo.entry) {
        try {
          const exports = await getRemoteEntry({
            origin,
            remoteInfo: { ...remoteInfo, entry: lastGood.entry },
            remoteEntryExports,
          });
          if (exports) {
            events.onFallback?.(remote, lastGood);
            return exports;
          }
        } catch (error) {
          lastError = error;
        }
      }
      events.onGiveUp?.(remoteInfo.name, lastError);
      return undefined;
    }) as unknown as LoadEntryErrorHook,
  };
}
