import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  ForecourtProvider,
  forecourtStore,
  readBootData,
  resolveRouteOwner,
  searchAccessAtom,
  tenantAtom,
  type RemoteManifestEntry,
} from '@forecourt/shared-config';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { navigateToUrl, start } from 'single-spa';
import { Chrome } from './chrome/chrome';
import { registerApps, type AppRuntime } from './federation/apps';
import { reportRecovered } from './federation/platform-events';
import { resiliencePlugin } from './federation/resilience-plugin';
import { interceptLinks } from './navigation';

function useRouteOwned(remotes: readonly RemoteManifestEntry[]): boolean {
  const compute = () => resolveRouteOwner(remotes, location.pathname) !== undefined;
  const [owned, setOwned] = useState(compute);
  useEffect(() => {
    const update = () => setOwned(compute());
    window.addEventListener('single-spa:routing-event', update);
    window.addEventListener('popstate', update);
    return () => {
      window.removeEventListener('single-spa:routing-event', update);
      window.removeEventListener('popstate', update);
    };
  });
  return owned;
}

function ShellRoot({ remotes }: { remotes: readonly RemoteManifestEntry[] }) {
  const routeOwned = useRouteOwned(remotes);
  return (
    <ForecourtProvider>
      <Chrome remotes={remotes} routeOwned={routeOwned} />
    </ForecourtProvider>
  );
}

function boot(): void {
  const boot = readBootData();
  forecourtStore.set(tenantAtom, boot.tenant);
  forecourtStore.set(searchAccessAtom, boot.search ?? null);
  document.documentElement.dataset['shellVersion'] = boot.shellVersion;

  const runtime: AppRuntime = { running: new Map() };
  registerPlugins([
    resiliencePlugin(boot.remotes, {
      onFallback: (remote, to) => {
        runtime.running.set(remote.team, to.version);
        reportRecovered(remote.team, remote.version, to.version);
      },
    }),
  ]);
  registerRemotes(boot.remotes.map((remote) => ({ name: remote.name, entry: remote.entry })));

  const container = document.getElementById('forecourt-root');
  if (!container) throw new Error('#forecourt-root is missing from the page');
  // The app slots must exist before single-spa mounts anything into them.
  flushSync(() => createRoot(container).render(<ShellRoot remotes={boot.remotes} />));

  registerApps(boot.remotes, runtime, boot.tenant.contact.phone);
  interceptLinks(boot.remotes, navigateToUrl);
  start({ urlRerouteOnly: true });
}

boot();
