import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { resolveRouteOwner, type RemoteManifestEntry } from '@forecourt/shared-config';
import { addErrorHandler, getAppStatus, registerApplication, type AppProps } from 'single-spa';
import type { ShellFailurePolicy } from './failure-policy';
import { appRootFor, markSlot, slotFor } from './slots';

/**
 * One single-spa application per remote, each mounted through the failure policy: a remote
 * whose entry cannot be loaded, or whose mount throws, is swapped for the tenant's last-good
 * version when the policy names one, and otherwise shows the fallback in its own slot. Either
 * way the chrome and the other apps keep working.
 */

type Lifecycle = (props: AppProps) => Promise<unknown>;

/** What a remote's `./app` exposes: single-spa lifecycles (made with single-spa-react). */
interface AppModule {
  bootstrap: Lifecycle;
  mount: Lifecycle;
  unmount: Lifecycle;
}

function asLifecycles(module: unknown, id: string): AppModule {
  const candidate = module as Partial<AppModule> | null;
  if (
    !candidate ||
    typeof candidate.bootstrap !== 'function' ||
    typeof candidate.mount !== 'function' ||
    typeof candidate.unmount !== 'function'
  ) {
    throw new Error(`${id} does not expose single-spa lifecycles`);
  }
  return candidate as AppModule;
}

async function loadVersion(remote: RemoteManifestEntry, entry: string): Promise<AppModule> {
  // `force` drops the broken container (its global, cached modules and loading state) so the
  // same container name can be loaded again from another version's entry.
  registerRemotes([{ name: remote.name, entry }], { force: true });
  return asLifecycles(await loadRemote(`${remote.name}/app`), `${remote.name}/app`);
}

function resilientApp(remote: RemoteManifestEntry, policy: ShellFailurePolicy): () => Promise<AppModule> {
  return async () => {
    markSlot(remote.team, 'loading');
    let primary: AppModule;
    try {
      primary = asLifecycles(await loadRemote(`${remote.name}/app`), `${remote.name}/app`);
    } catch (error) {
      policy.report({ kind: 'entry', remote: remote.team, version: remote.version, error });
      return policy.fallbackApp(remote.team);
    }

    let active: AppModule = primary;
    let stopWatching: () => void = () => undefined;
    /** The mount in progress, so a recovery never unmounts an app that is still mounting. */
    let mounting: Promise<unknown> = Promise.resolve();

    /** Loads and mounts the last-good version in place of `failedVersion`; false if there is none or it fails too. */
    const mountLastGood = async (props: AppProps, failedVersion: string): Promise<boolean> => {
      const lastGood = policy.lastGoodFor(remote, failedVersion);
      if (!lastGood) return false;
      try {
        const recovered = await loadVersion(remote, lastGood.entry);
        await recovered.bootstrap(props);
        await recovered.mount(props);
        primary = recovered;
        active = recovered;
        policy.recovered(remote.team, remote.version, lastGood.version);
        markSlot(remote.team, 'recovered', lastGood.version);
        policy.mounted(remote.team, lastGood.version);
        return true;
      } catch (error) {
        policy.report({ kind: 'mount', remote: remote.team, version: lastGood.version, error });
        return false;
      }
    };

    /**
     * A render error after mounting: the app's error boundary already shows the fallback; where
     * a last-good version exists, the shell unmounts the failed app and mounts that instead.
     */
    const watchRenders = (props: AppProps) => {
      stopWatching();
      let recovering = false;
      stopWatching = policy.onRenderFailure(remote.team, (failedVersion) => {
        if (recovering || !policy.lastGoodFor(remote, failedVersion)) return;
        recovering = true;
        void (async () => {
          await mounting;
          await active.unmount(props).catch(() => undefined);
          if (!(await mountLastGood(props, failedVersion))) {
            active = policy.fallbackApp(remote.team);
            await active.mount(props);
          }
        })();
      });
    };

    return {
      bootstrap: (props: AppProps) => primary.bootstrap(props),
      mount: async (props: AppProps) => {
        const version = policy.running.get(remote.team) ?? remote.version;
        markSlot(remote.team, 'loading');
        watchRenders(props);
        try {
          const attempt = primary.mount(props);
          mounting = attempt.catch(() => undefined);
          await attempt;
          active = primary;
          // A render error during the mount has already marked the slot failed.
          if (slotFor(remote.team).dataset.status !== 'failed') {
            markSlot(remote.team, version === remote.version ? 'mounted' : 'recovered', version);
            policy.mounted(remote.team, version);
          }
          return;
        } catch (error) {
          policy.report({ kind: 'mount', remote: remote.team, version, error });
          await primary.unmount(props).catch(() => undefined);
        }
        if (await mountLastGood(props, version)) return;
        active = policy.fallbackApp(remote.team);
        await active.mount(props);
      },
      unmount: (props: AppProps) => {
        stopWatching();
        return active.unmount(props);
      },
    };
  };
}

export function registerApps(policy: ShellFailurePolicy): void {
  const { remotes } = policy;
  for (const remote of remotes) {
    registerApplication<{ domElement: HTMLElement }>({
      name: remote.team,
      app: resilientApp(remote, policy),
      activeWhen: (location) => resolveRouteOwner(remotes, location.pathname)?.team === remote.team,
      customProps: () => ({ domElement: appRootFor(remote.team) }),
    });
  }

  // Anything single-spa still catches (an unmount that throws, a broken update) is reported
  // and the slot shows the fallback rather than stale or half-removed content.
  addErrorHandler((error) => {
    const team = error.appOrParcelName;
    if (!remotes.some((r) => r.team === team)) return;
    policy.report({
      kind: 'mount',
      remote: team,
      error: new Error(`${getAppStatus(team) ?? 'error'}: ${error.message}`),
    });
    slotFor(team).replaceChildren();
    void policy.fallbackApp(team).mount();
  });
}
