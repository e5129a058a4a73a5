import { css } from '@emotion/react';
import type { ComponentType, ErrorInfo } from 'react';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { ForecourtProvider } from './react';

export interface RemoteAppOptions {
  /** The team folder name, e.g. 'mf-search' (pass `__FORECOURT_TEAM__`). */
  team: string;
  /** The remote's own build version (pass `__FORECOURT_VERSION__`). */
  version: string;
  Root: ComponentType;
  /**
   * A fault to inject, set only in builds made to test the platform's failure policy (pass
   * `__FORECOURT_FAULT__`; empty in every normal build).
   */
  fault?: string;
}

function AppCrashed({ team }: { team: string }) {
  return (
    <section role="alert" data-fallback={team} css={css`margin: 2rem auto; max-width: 40rem; padding: 1.5rem; border: 1px solid #d0d5dd; border-radius: 8px;`}>
      <h1 css={{ fontSize: '1.25rem' }}>Something went wrong here</h1>
      <p>This part of the page stopped working. Please reload the page to try again.</p>
    </section>
  );
}

/**
 * A remote's `./app`: single-spa lifecycles around its root component, inside the page's one
 * store, with the team boundary and version visible in the DOM, and an error boundary so a
 * render error stays inside this app's area.
 */
export function defineRemoteApp({ team, version, Root, fault = '' }: RemoteAppOptions) {
  function AppRoot() {
    return (
      <ForecourtProvider>
        <div data-boundary={team} data-version={version}>
          <Root />
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
    errorBoundary: (error: Error, info: ErrorInfo) => {
      console.error(`[forecourt] ${team}@${version} crashed while rendering`, error, info.componentStack);
      return <AppCrashed team={team} />;
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
