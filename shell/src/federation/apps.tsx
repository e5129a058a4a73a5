import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { ForecourtProvider, resolveRouteOwner, type RemoteManifestEntry } from '@forecourt/shared-config';
import { createRoot, type Root } from 'react-dom/client';
import { addErrorHandler, getAppStatus, registerApplication, type AppProps } from 'single-spa';
import { AppFallback } from '../chrome/app-fallback';
import { reportFailure, reportMounted, reportRecovered } from './platform-events';

/**
 * One single-spa application per remote. Failure handling for mounting lives here, next to the
 * entry-level policy in the resilience plugin: a remote whose entry cannot be loaded, or whose
 * mount throws, is swapped for the tenant's last-good version when there is one, and otherwise
 * shows a fallback in its own slot. Either way the chrome and the other apps keep working.
 */

type Lifecycle = (props: AppProps) => Promise<unknown>;

/** What a remote's `./app` exposes: single-spa lifecycles (made with single-spa-react). */
interface AppModule {
  bootstrap: Lifecycle;
  mount: Lifecycle;
  unmount: Lifecycle;
}

export type SlotStatus = 'loading' | 'mounted' | 'recovered' | 'failed';

export interface AppRuntime {
  /** The version actually running per team (differs from the pin after a recovery). */
  running: Map<string, string>;
}

export function slotFor(team: string): HTMLElement {
  const slot = document.getElementById(`app-${team}`);
  if (!slot) throw new Error(`The shell has no slot for ${team}`);
  return slot;
}

function markSlot(team: string, status: SlotStatus, version?: string): void {
  const slot = document.getElementById(`app-${team}`);
  if (!slot) return;
  slot.dataset['status'] = status;
  if (version) slot.dataset['version'] = version;
}

function asLifecycles(module: unknown, id: string): AppModule {
  const candidate = module as Partial<AppModule> | null;
  if (!candidate || typeof candidate.bootstrap !== 'function' || typeof candidate.mount !== 'function' || typeof candidate.unmount !== 'function') {
    throw new Error(`${id} does not expose single-spa lifecycles`);
  }
  return candidate as AppModule;
}

/** Lifecycles that render the fallback panel into the app's slot. */
function fallbackLifecycles(team: string, phone: string): AppModule {
  let root: Root | null = null;
  let container: HTMLElement | null = null;
  return {
    bootstrap: async () => undefined,
    mount: async () => {
      container = document.createElement('div');
      slotFor(team).appendChild(container);
      root = createRoot(container);
      root.render(
        <ForecourtProvider>
          <AppFallback team={team} phone={phone} />
        </ForecourtProvider>,
      );
      markSlot(team, 'failed');
    },
    unmount: async () => {
      root?.unmount();
      container?.remove();
      root = null;
      container = null;
    },
  };
}

async function loadLastGood(remote: RemoteManifestEntry): Promise<AppModule | null> {
  if (!remote.lastGood) return null;
  // `force` drops the broken container (its global, cached modules and loading state) so the
  // same container name can be loaded again from the last-good version's entry.
  registerRemotes([{ name: remote.name, entry: remote.lastGood.entry }], { force: true });
  return asLifecycles(await loadRemote(`${remote.name}/app`), `${remote.name}/app`);
}

function resilientApp(remote: RemoteManifestEntry, runtime: AppRuntime, phone: string): () => Promise<AppModule> {
  return async () => {
    markSlot(remote.team, 'loading');
    let primary: AppModule;
    try {
      primary = asLifecycles(await loadRemote(`${remote.name}/app`), `${remote.name}/app`);
    } catch (error) {
      reportFailure(remote.team, remote.version, `load: ${String(error)}`);
      return fallbackLifecycles(remote.team, phone);
    }

    let active: AppModule = primary;
    return {
      bootstrap: (props: AppProps) => primary.bootstrap(props),
      mount: async (props: AppProps) => {
        const version = runtime.running.get(remote.team) ?? remote.version;
        try {
          await primary.mount(props);
          active = primary;
          markSlot(remote.team, version === remote.version ? 'mounted' : 'recovered', version);
          reportMounted(remote.team, version);
          return;
        } catch (error) {
          reportFailure(remote.team, version, `mount: ${String(error)}`);
          await primary.unmount(props).catch(() => undefined);
        }
        if (remote.lastGood && version !== remote.lastGood.version) {
          try {
            const fallbackApp = await loadLastGood(remote);
            if (fallbackApp) {
              await fallbackApp.bootstrap(props);
              await fallbackApp.mount(props);
              primary = fallbackApp;
              active = fallbackApp;
              runtime.running.set(remote.team, remote.lastGood.version);
              markSlot(remote.team, 'recovered', remote.lastGood.version);
              reportRecovered(remote.team, remote.version, remote.lastGood.version);
              reportMounted(remote.team, remote.lastGood.version);
              return;
            }
          } catch (error) {
            reportFailure(remote.team, remote.lastGood.version, `last-good: ${String(error)}`);
          }
        }
        active = fallbackLifecycles(remote.team, phone);
        await active.mount(props);
      },
      unmount: (props: AppProps) => active.unmount(props),
    };
  };
}

export function registerApps(remotes: readonly RemoteManifestEntry[], runtime: AppRuntime, phone: string): void {
  for (const remote of remotes) {
    registerApplication<{ domElement: HTMLElement }>({
      name: remote.team,
      app: resilientApp(remote, runtime, phone),
      activeWhen: (location) => resolveRouteOwner(remotes, location.pathname)?.team === remote.team,
      customProps: () => ({ domElement: slotFor(remote.team) }),
    });
  }

  // Anything single-spa still catches (an unmount that throws, a broken update) is reported
  // and the slot shows the fallback rather than stale or half-removed content.
  addErrorHandler((error) => {
    const team = error.appOrParcelName;
    const remote = remotes.find((r) => r.team === team);
    reportFailure(team, remote?.version ?? 'unknown', `${getAppStatus(team) ?? 'error'}: ${error.message}`);
    const slot = document.getElementById(`app-${team}`);
    if (slot && remote) {
      slot.replaceChildren();
      void fallbackLifecycles(team, phone).mount({ name: team } as never);
    }
  });
}
