import type { ReactNode } from 'react';

/**
 * What wraps every app's content: the team boundary and the build's version in the DOM
 * (`data-boundary`, `data-version`), where support, the journeys and the shell's hand-over read
 * them. Shoppers do not: a line reading 'mf-search 1.1.20' above the footer told them nothing.
 * The console shows each site's builds, and an operator's override banner the builds it loads.
 * One component for the app (defineRemoteApp) and for a team's server-rendered first paint, so
 * both lay out alike.
 */
export function AppFrame({ team, version, children }: { team: string; version: string; children: ReactNode }) {
  return (
    <div data-boundary={team} data-version={version}>
      {/*
        The app's content fills at least the window, so the footer below it starts under the fold
        and stays there while a page that loads in steps grows ('Loading this location…', then
        the location): otherwise the footer moves as the content arrives, a layout shift of 0.034
        on a phone's location page.
      */}
      <div css={{ minHeight: '100vh' }}>{children}</div>
    </div>
  );
}
