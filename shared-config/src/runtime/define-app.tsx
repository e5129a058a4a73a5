import { loadShare } from '@module-federation/enhanced/runtime';
import type * as ReactRouter from 'react-router';
import {
  createElement,
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { AppFrame } from './app-frame';
import { failurePolicy } from './failures';
import { dropFirstPaint } from './first-paint';
import { ForecourtProvider } from './react';
// By package name, not './router': the router is its own shared singleton, and only this request
// resolves to it, so the app's BrowserRouter and the remote's Routes are one copy.
import { BrowserRouter } from '@forecourt/shared-config/router';

/**
 * The app contract a remote was built against.
 * - 1: its routes import the whole 'react-router' package, shared under that name (builds made
 *   before the router slice).
 * - 2: its routes import `@forecourt/shared-config/router`.
 * A published build never changes and a tenant may pin an old one, so contract 1 keeps working:
 * such a build registers its own 'react-router' in the page's share scope when it starts, and
 * its routes get the BrowserRouter of that same copy (a Router from any other copy would not
 * be seen by its Routes). Nothing is downloaded for it on pages without a contract-1 build.
 */
export type AppContract = 1 | 2;

const LegacyBrowserRouter = lazy(async () => {
  const factory = await loadShare('react-router', {
    // 'loaded-first': the copy the mounting build already registered. The runtime's default
    // ('version-first') would first download every other remote's entry to compare versions.
    customShareInfo: {
      scope: ['default'],
      strategy: 'loaded-first',
      shareConfig: { singleton: true, requiredVersion: false, eager: false },
    },
  });
  if (!factory) throw new Error("A contract-1 app mounted but no 'react-router' is in the page's share scope");
  return { default: (factory() as typeof ReactRouter).BrowserRouter };
});

function AppRouter({ contract, children }: { contract: AppContract; children: ReactNode }) {
  if (contract === 2) return <BrowserRouter>{children}</BrowserRouter>;
  return (
    <Suspense fallback={null}>
      <LegacyBrowserRouter>{children}</LegacyBrowserRouter>
    </Suspense>
  );
}

export interface RemoteAppOptions {
  /** The team folder name, e.g. 'mf-search' (pass `__FORECOURT_TEAM__`). */
  team: string;
  /** The remote's own build version (pass `__FORECOURT_VERSION__`). */
  version: string;
  /** The remote's route table (`<Routes>`); rendered inside the app's BrowserRouter. */
  Routes: ComponentType;
  /** Pass 2 (routes built on `@forecourt/shared-config/router`); absent means 1, see AppContract. */
  contract?: AppContract;
  /**
   * A fault to inject, set only in builds made to test the platform's failure policy (pass
   * `__FORECOURT_FAULT__`; empty in every normal build): 'mount' throws on mount, 'render'
   * throws while rendering, 'runtime' does either as the page asks (see `runtimeFault`), so one
   * build serves every kind of the failure matrix.
   */
  fault?: string;
}

/** The page's `window.__FORECOURT_FAULTS__` ({ [team]: 'mount' | 'render' }), read by 'runtime' fault builds only. */
function runtimeFault(team: string): string {
  const faults = (globalThis as { __FORECOURT_FAULTS__?: Record<string, unknown> }).__FORECOURT_FAULTS__;
  const kind = faults?.[team];
  return typeof kind === 'string' ? kind : '';
}

function RenderFault({ team, version }: { team: string; version: string }): never {
  throw new Error(`${team}@${version}: injected render fault`);
}

/**
 * Whether the app's routes may render yet: not in the mount's own commit, which holds only the
 * app's frame, but in a transition started right after it. single-spa mounts with a plain
 * render, which React does in one piece: a page's whole tree at once, a long task of 150-250 ms
 * on a phone (Lighthouse's 4x CPU) that blocks the shopper's input. A transition renders it in
 * slices of a few milliseconds, yielding to the browser between them, and commits it whole, so
 * the shopper sees the same page (a server first paint stays until that commit replaces it).
 */
function useRoutesReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready;
}

/**
 * A remote's `./app`: single-spa lifecycles around its root component, inside the page's one
 * store, with the team boundary and version visible in the DOM, and an error boundary so a
 * render error stays inside this app's area. What a render error shows and where it is
 * reported is the page's failure policy (installed by the shell), the same as for every other
 * failure.
 */
export function defineRemoteApp({ team, version, Routes, contract = 1, fault = '' }: RemoteAppOptions) {
  const faultNow = () => (fault === 'runtime' ? runtimeFault(team) : fault);
  function AppRoot() {
    const ready = useRoutesReady();
    return (
      <ForecourtProvider>
        <AppFrame team={team} version={version}>
          {ready && (
            <AppRouter contract={contract}>
              {faultNow() === 'render' ? <RenderFault team={team} version={version} /> : <Routes />}
            </AppRouter>
          )}
        </AppFrame>
      </ForecourtProvider>
    );
  }
  AppRoot.displayName = `RemoteApp(${team})`;

  const lifecycles = singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: AppRoot,
    errorBoundary: (error: Error) => {
      const policy = failurePolicy();
      policy.report({ kind: 'render', remote: team, version, error });
      // The server's first paint would hide this fallback (CSS hides what follows it).
      dropFirstPaint(team);
      return <ForecourtProvider>{createElement(policy.Fallback, { remote: team })}</ForecourtProvider>;
    },
  });

  if (fault) {
    return {
      ...lifecycles,
      mount: async (props: Parameters<typeof lifecycles.mount>[0]) => {
        if (faultNow() === 'mount') throw new Error(`${team}@${version}: injected mount fault`);
        return lifecycles.mount(props);
      },
    };
  }
  return lifecycles;
}
