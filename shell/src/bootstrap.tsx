import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  dropFirstPaint,
  FIRST_PAINT_ATTRIBUTE,
  ForecourtProvider,
  forecourtStore,
  gateOf,
  installFailurePolicy,
  keepFocusAcross,
  pixelPageView,
  readBootData,
  refreshSession,
  startSignedIn,
  resolveRouteOwner,
  searchAccessAtom,
  sessionAtom,
  tenantAtom,
  type RemoteManifestEntry,
} from '@forecourt/shared-config';
import type { ContentPage } from '@forecourt/shared-config/content';
import { recordVisitedPage } from '@forecourt/shared-config/visits';
import { startTransition, useEffect, useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { navigateToUrl, start } from 'single-spa';
import { Chrome } from './chrome/chrome';
import { OverrideBanner, type ActiveOverride } from './chrome/override-banner';
import { registerApps } from './federation/apps';
import { createFailurePolicy } from './federation/failure-policy';
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

function ShellRoot({
  remotes,
  content,
  override,
  onCommitted,
}: {
  remotes: readonly RemoteManifestEntry[];
  content: ContentPage | undefined;
  override: ActiveOverride | undefined;
  onCommitted?: () => void;
}) {
  const routeOwned = useRouteOwned(remotes);
  // Once, when the chrome is in the page (before the browser paints it).
  useLayoutEffect(() => onCommitted?.(), []);
  // The server's content page belongs to the address it was found for; after the shopper moves
  // on in the page (a remote's route, back), it is not shown again.
  const here = location.pathname.length > 1 ? location.pathname.replace(/\/+$/, '') : location.pathname;
  return (
    <ForecourtProvider>
      {/* Only in a browser a developer override is set in (never a shopper's): says so on every page. */}
      {override && <OverrideBanner override={override} />}
      <Chrome remotes={remotes} routeOwned={routeOwned} content={content?.path === here ? content : undefined} />
    </ForecourtProvider>
  );
}

function boot(): void {
  const boot = readBootData();
  forecourtStore.set(tenantAtom, boot.tenant);
  forecourtStore.set(searchAccessAtom, boot.search ?? null);
  // Signed-in state comes from the server session, written into the boot data; a server from
  // before sign-in has none there, and the shell asks it.
  if (boot.session === undefined) void refreshSession();
  else if (boot.session) startSignedIn(boot.session);

  // One failure policy for the page: the entry loader, the mount wrapper, every remote's error
  // boundary and every fragment use it (the last two through shared-config).
  const policy = createFailurePolicy(boot);
  installFailurePolicy(policy);
  registerPlugins([resiliencePlugin(policy)]);
  registerRemotes(boot.remotes.map((remote) => ({ name: remote.name, entry: remote.entry })));

  const container = document.getElementById('forecourt-root');
  if (!container) throw new Error('#forecourt-root is missing from the page');
  // The server's first paint of the route's app (see shared-config's first-paint.ts) survives the
  // shell's own render: React replaces the server's chrome with its own (the same markup) in one
  // commit, and the first paint is put into the new slot before the browser paints, so the page
  // is never painted without it.
  const firstPaint = container.querySelector<HTMLElement>(`[${FIRST_PAINT_ATTRIBUTE}]`);
  // A shopper who tabbed into the server's chrome keeps that place when the shell's replaces it.
  const restoreFocus = keepFocusAcross(container);
  const root = createRoot(container);
  const shell = (onCommitted: () => void) => (
    <ShellRoot remotes={boot.remotes} content={boot.content} override={boot.override} onCommitted={onCommitted} />
  );
  let started = false;
  const committed = () => {
    if (started) return;
    started = true;
    if (firstPaint)
      document.getElementById(`app-${firstPaint.getAttribute(FIRST_PAINT_ATTRIBUTE) ?? ''}`)?.append(firstPaint);
    restoreFocus();
    // From here the chrome is the shell's own, with its handlers: what tests and tools wait for.
    document.documentElement.dataset['shellVersion'] = boot.shellVersion;
    // Out of React's commit: a failure there is the page's, not the chrome's.
    queueMicrotask(() => startApps(boot, policy));
  };
  // In a transition: React renders the chrome in slices of a few milliseconds, yielding to the
  // browser between them, instead of one long task (measured on a phone-speed CPU: the page's
  // longest task 590 -> 320 ms on the home page); the server's chrome stays on screen until the
  // commit. The apps start once the slots they mount into exist.
  startTransition(() => root.render(shell(committed)));
}

/** What follows the chrome's first commit: the apps, and the page's listeners. */
function startApps(boot: ReturnType<typeof readBootData>, policy: ReturnType<typeof createFailurePolicy>): void {
  // It shows one address: leaving it (a link, back) drops it, whether or not its app took over.
  const firstPath = location.pathname;
  window.addEventListener('single-spa:before-routing-event', () => {
    if (location.pathname !== firstPath) dropFirstPaint();
  });

  // The pages of this visit, for the leads it sends (their lead_attributes).
  recordVisitedPage(location.pathname, location.search);
  // The marketing pixel's page view: one for the address landed on, one for each address moved to.
  void pixelPageView();
  let viewedPath = location.pathname;
  window.addEventListener('single-spa:routing-event', () => {
    recordVisitedPage(location.pathname, location.search);
    if (location.pathname === viewedPath) return;
    viewedPath = location.pathname;
    void pixelPageView();
  });

  registerApps(policy);
  interceptLinks(
    boot.remotes,
    navigateToUrl,
    (pathname) =>
      forecourtStore.get(sessionAtom).status !== 'signed-in' && gateOf(pathname, boot.tenant.gatedRoutes) !== null,
  );
  start({ urlRerouteOnly: true });
}

boot();
