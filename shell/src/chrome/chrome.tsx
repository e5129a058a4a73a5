import { css, Global } from '@emotion/react';
import { paths, readableTextOn, signInHref, telHref, useSession, useTenant, type RemoteManifestEntry } from '@forecourt/shared-config';
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
}

/**
 * Sign in, or (signed in) the shopper's watchlist. One short link either way, so the header does
 * not shift when the session is read after the first paint (which is always signed out).
 */
function AccountLink({ color }: { color: string }) {
  const session = useSession();
  const style = css`color: ${color}; font-weight: 600;`;
  if (session.status === 'signed-in') {
    return (
      <a href={paths.watchlist()} css={style}>
        Watchlist
      </a>
    );
  }
  // Rendered on the server too, where there is no location: the link then returns to the home page.
  const href = typeof location === 'undefined' ? paths.signIn('account', paths.home(), paths.home()) : signInHref('account');
  return (
    <a href={href} css={style}>
      Sign in
    </a>
  );
}

/**
 * The page frame the shell owns: header, one empty slot per remote (single-spa mounts apps into
 * them; React renders them once and never touches their children), not-found, footer, toasts.
 */
export function Chrome({ remotes, routeOwned, firstPaint }: ChromeProps) {
  const tenant = useTenant();
  const onPrimary = readableTextOn(tenant.theme.primary);
  return (
    <>
      <Global
        styles={css`
          *, *::before, *::after { box-sizing: border-box; }
          body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #101828; background: #fff; }
          /* The footer sits at the bottom of the window however short the page. */
          #forecourt-root { display: flex; flex-direction: column; min-height: 100vh; }
          a { color: ${tenant.theme.primary}; }
          :focus-visible { outline: 3px solid ${tenant.theme.accent}; outline-offset: 2px; }
        `}
      />
      <a href="#forecourt-main" css={css`position: absolute; left: -999px; &:focus { left: 1rem; top: 1rem; z-index: 10; background: #fff; padding: 0.5rem; }`}>
        Skip to content
      </a>
      <header
        data-boundary="shell"
        css={css`
          label: shell-header;
          display: flex;
          flex-wrap: wrap;
          align-items: center;
          gap: 1rem 2rem;
          padding: 0.75rem 1.5rem;
          background: ${tenant.theme.primary};
          color: ${onPrimary};
        `}
      >
        <a href={paths.home()} css={css`display: flex; align-items: center; gap: 0.75rem; color: ${onPrimary}; text-decoration: none;`}>
          <span
            role="img"
            aria-label={tenant.logo.alt}
            css={css`display: grid; place-items: center; width: 2.75rem; height: 2.75rem; border-radius: 8px; background: ${tenant.theme.accent}; color: ${readableTextOn(tenant.theme.accent)}; font-weight: 800; letter-spacing: 0.02em;`}
          >
            {tenant.logo.text}
          </span>
          <span css={css`font-size: 1.25rem; font-weight: 700;`}>{tenant.name}</span>
        </a>
        {/* Below md (768 px) the links take a row of their own that scrolls sideways, instead of
            stacking word by word beside the logo (the full mobile menu is the header's own work). */}
        <nav aria-label="Main" css={css`flex: 1; @media (max-width: 767px) { order: 3; flex-basis: 100%; overflow-x: auto; }`}>
          <ul css={css`display: flex; flex-wrap: wrap; gap: 1.25rem; list-style: none; margin: 0; padding: 0; @media (max-width: 767px) { flex-wrap: nowrap; white-space: nowrap; padding-bottom: 0.25rem; }`}>
            {tenant.nav.map((link) => (
              <li key={link.href}>
                <a href={link.href} css={css`color: ${onPrimary}; text-decoration: none; font-weight: 500; &:hover { text-decoration: underline; }`}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <AccountLink color={onPrimary} />
        <a href={telHref(tenant.contact.phone)} css={css`color: ${onPrimary}; font-weight: 600;`}>
          {tenant.contact.phone}
        </a>
      </header>
      <main id="forecourt-main" tabIndex={-1} css={css`flex: 1;`}>
        {remotes.map((remote) =>
          firstPaint?.team === remote.team ? (
            <div key={remote.team} id={`app-${remote.team}`} data-slot={remote.team} dangerouslySetInnerHTML={{ __html: firstPaint.html }} />
          ) : (
            <div key={remote.team} id={`app-${remote.team}`} data-slot={remote.team} />
          ),
        )}
        {!routeOwned && <NotFound />}
      </main>
      <footer
        data-boundary="shell"
        css={css`
          label: shell-footer;
          padding: 1.5rem;
          background: #101828;
          color: #d0d5dd;
          font-size: 0.875rem;
          a { color: #fff; }
        `}
      >
        <p css={{ margin: 0 }}>
          {tenant.name} · {tenant.contact.city} {tenant.contact.state} · <a href={telHref(tenant.contact.phone)}>{tenant.contact.phone}</a>
        </p>
      </footer>
      <ToastHost />
    </>
  );
}
