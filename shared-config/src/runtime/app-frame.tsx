import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { SURFACE } from '../ui/tokens';

/**
 * What wraps every app's content: the team boundary and version in the DOM, and a visible version
 * mark so support and dealers can tell which pinned build they see. One component for the app
 * (defineRemoteApp) and for a team's server-rendered first paint, so both lay out alike.
 */
export function AppFrame({ team, version, children }: { team: string; version: string; children: ReactNode }) {
  return (
    <div data-boundary={team} data-version={version}>
      {/*
        The app's content fills at least the window, so the mark below it starts under the fold
        and stays there while a page that loads in steps grows ('Loading this location…', then
        the location): otherwise the mark moves as the content arrives, a layout shift of 0.034
        on a phone's location page.
      */}
      <div css={{ minHeight: '100vh' }}>{children}</div>
      <p data-version-mark css={css`margin: 0; padding: 0.25rem 1.5rem; text-align: right; font-size: 0.75rem; color: ${SURFACE.faint};`}>
        {team} {version}
      </p>
    </div>
  );
}
