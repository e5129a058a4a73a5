import { css } from '@emotion/react';
import { createElement, type ComponentType } from 'react';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import singleSpaReact from 'single-spa-react';
import { failurePolicy } from './failures';
import { ForecourtProvider } from './react';

export interface RemoteAppOptions {
  /** The team folder name, e.g. 'mf-search' (pass `__FORECOURT_TEAM__`). */
  team: string;
  /** The remote's own build version (pass `__FORECOURT_VERSION__`). */
  version: string;
  /** The remote's route table (react-router `<Routes>`); rendered inside the app's BrowserRouter. */
  Routes: ComponentType;
  /**
   * A fault to inject, set only in builds made to test the platform's failure policy (pass
   * `__FORECOURT_FAULT__`; empty in every normal build): 'mount' throws on mount, 'render'
   * throws while rendering.
   */
  fault?: string;
}

function RenderFault({ team, version }: { team: string; version: string }): never {
  throw new Error(`${team}@${version}: injected render fault`);
}

/**
 * A remote's `./app`: single-spa lifecycles around its root component, inside the page's one
 * store, with the team boundary and version visible in the DOM, and an error boundary so a
 * render error stays inside this app's area. What a render error shows and where it is
 * reported is the page's failure policy (installed by the shell), the same as for every other
 * failure.
 */
export function defineRemoteApp({ team, version, Routes, fault = '' }: RemoteAppOptions) {
  function AppRoot() {
    return (
      <ForecourtProvider>
        <div data-boundary={team} data-version={version}>
          <BrowserRouter>{fault === 'render' ? <RenderFault team={team} version={version} /> : <Routes />}</BrowserRouter>
          {/* A visible version mark: support and dealers can tell which pinned build they see. */}
          <p data-version-mark css={css`margin: 0; padding: 0.25rem 1.5rem; text-align: right; font-size: 0.75rem; color: #667085;`}>
            {team} {version}
          </p>
        </div>
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
      return <ForecourtProvider>{createElement(policy.Fallback, { remote: team })}</ForecourtProvider>;
    },
  });

  if (fault === 'mount') {
    return {
      ...lifecycles,
      mount: async () => {
        throw new Error(`${team}@${version}: injected mount fault`);
      },
    };
  }
  return lifecycles;
}
