import { css, Global } from '@emotion/react';
import { SURFACE, useTenant, type RemoteManifestEntry } from '@forecourt/shared-config';
import type { ContentPage } from '@forecourt/shared-config/content';
import { ContentView } from '../content/content-view';
import { Footer } from './footer';
import { Header } from './header';
import { NotFound } from './not-found';
import { ToastHost } from './toast-host';

export interface ChromeProps {
  remotes: readonly RemoteManifestEntry[];
  /** Whether some enabled remote owns the current path. */
  routeOwned: boolean;
  /**
   * Server rendering only: a team's first paint (HTML) to put in its slot. The browser never
   * passes it; there the shell moves the server's first paint into the new slot (bootstrap.tsx).
   */
  firstPaint?: { team: string; html: string };
  /** The content page the server found for this address, shown where no remote owns it. */
  content?: ContentPage | undefined;
}

/**
 * The page frame the shell owns: header, one empty slot per remote (single-spa mounts apps into
 * them; React renders them once and never touches their children), not-found, footer, toasts.
 */
export function Chrome({ remotes, routeOwned, firstPaint, content }: ChromeProps) {
  const tenant = useTenant();
  return (
    <>
      <Global
        styles={css`
          *,
          *::before,
          *::after {
            box-sizing: border-box;
          }
          body {
            margin: 0;
            font-family:
              system-ui,
              -apple-system,
              'Segoe UI',
              Roboto,
              sans-serif;
            color: ${SURFACE.text};
            background: ${SURFACE.background};
          }
          /* The footer sits at the bottom of the window however short the page. */
          #forecourt-root {
            display: flex;
            flex-direction: column;
            min-height: 100vh;
          }
          a {
            color: ${tenant.theme.primary};
          }
          :focus-visible {
            outline: 3px solid ${tenant.theme.accent};
            outline-offset: 2px;
          }
          /* On paper the page is its content: no header, menus, banners or footer. */
          @media print {
            [data-print='no'] {
              display: none !important;
            }
          }
        `}
      />
      <a
        href="#forecourt-main"
        data-print="no"
        css={css`
          position: absolute;
          left: -999px;
          &:focus {
            left: 1rem;
            top: 1rem;
            z-index: 10;
            background: ${SURFACE.background};
            padding: 0.5rem;
          }
        `}
      >
        Skip to content
      </a>
      <Header />
      {/*
        A team's page fills at least the window, so the footer starts below the fold. Without it,
        a page the browser builds (no server first paint) showed the feature banner and footer
        right under the header until the app mounted, then pushed them off the screen: a layout
        shift of 0.86 on a phone (finance, location, sign-in pages), most of their Lighthouse loss.
      */}
      <main
        id="forecourt-main"
        tabIndex={-1}
        css={css`
          flex: 1;
          ${routeOwned ? 'min-height: 100vh;' : ''}
        `}
      >
        {remotes.map((remote) =>
          firstPaint?.team === remote.team ? (
            <div
              key={remote.team}
              id={`app-${remote.team}`}
              data-slot={remote.team}
              dangerouslySetInnerHTML={{ __html: firstPaint.html }}
            />
          ) : (
            <div key={remote.team} id={`app-${remote.team}`} data-slot={remote.team} />
          ),
        )}
        {!routeOwned && (content ? <ContentView page={content} /> : <NotFound />)}
      </main>
      <Footer />
      <ToastHost />
    </>
  );
}
