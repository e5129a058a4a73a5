import { css } from '@emotion/react';
import { useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { errorText } from '../api/client';
import { isOperator, managesStockKeys } from '../session/permissions';
import { useSession, useSignedIn } from '../session/session';
import { COLOUR, NARROW, SPACE } from '../theme/tokens';
import { Button } from '../ui/button';
import { ErrorNote } from '../ui/error-note';

const ROLE_WORDS = { operator: 'operator', 'tenant-manager': 'tenant manager', viewer: 'viewer' } as const;

const navLink = css`
  display: inline-block;
  padding: 0.45rem 0.6rem;
  border-radius: 4px;
  color: ${COLOUR.onChrome};
  text-decoration: none;
  &[aria-current='page'] {
    text-decoration: underline;
    text-underline-offset: 0.3em;
    text-decoration-thickness: 2px;
    font-weight: 700;
  }
  &:hover {
    text-decoration: underline;
  }
`;

/** The signed-in console: the header with the sections an account may use, then the page. */
export function ConsoleLayout() {
  const { account } = useSignedIn();
  const { signOut } = useSession();
  const [signingOut, setSigningOut] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sections = [
    { to: '/', label: 'Tenants', end: true },
    { to: '/publishes', label: 'Publishes' },
    { to: '/lead-delivery', label: 'Lead delivery' },
    { to: '/search', label: 'Search' },
    ...(managesStockKeys(account) ? [{ to: '/stock', label: 'Stock' }] : []),
    { to: '/audit', label: 'Audit' },
    ...(isOperator(account) ? [{ to: '/accounts', label: 'Accounts' }] : []),
  ];

  return (
    <>
      <a
        href="#main"
        css={css`
          position: absolute;
          left: -999px;
          top: 0;
          z-index: 60;
          padding: ${SPACE.sm} ${SPACE.md};
          background: ${COLOUR.surface};
          &:focus {
            left: ${SPACE.sm};
            top: ${SPACE.sm};
          }
        `}
      >
        Skip to content
      </a>
      <header
        css={css`
          background: ${COLOUR.chrome};
          color: ${COLOUR.onChrome};
          padding: ${SPACE.sm} ${SPACE.md};
          /* The page's focus colour is too dark on the header: a light ring there. */
          & :focus-visible {
            outline-color: ${COLOUR.onChrome};
          }
        `}
      >
        <div
          css={css`
            display: flex;
            flex-wrap: wrap;
            align-items: center;
            gap: ${SPACE.sm} ${SPACE.md};
            max-width: 80rem;
            margin: 0 auto;
          `}
        >
          <span
            css={css`
              font-weight: 700;
              margin-right: auto;
            `}
          >
            Forecourt console
          </span>
          <span
            css={css`
              font-size: 0.9rem;
            `}
          >
            {account.name} ({ROLE_WORDS[account.role]})
          </span>
          <Button
            busy={signingOut}
            onClick={() => {
              setSigningOut(true);
              setError(null);
              signOut().catch((failure: unknown) => {
                setError(errorText(failure));
                setSigningOut(false);
              });
            }}
          >
            Sign out
          </Button>
        </div>
        <nav
          aria-label="Console sections"
          css={css`
            max-width: 80rem;
            margin: ${SPACE.xs} auto 0;
          `}
        >
          <ul
            css={css`
              display: flex;
              flex-wrap: wrap;
              gap: 0 ${SPACE.xs};
              list-style: none;
              margin: 0;
              padding: 0;
              ${NARROW} {
                gap: 0;
              }
            `}
          >
            {sections.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} end={section.end} css={navLink}>
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main
        id="main"
        tabIndex={-1}
        css={css`
          max-width: 80rem;
          margin: 0 auto;
          padding: ${SPACE.md};
          &:focus {
            outline: none;
          }
        `}
      >
        {error ? <ErrorNote lead="Could not sign out" message={error} /> : null}
        <Outlet />
      </main>
    </>
  );
}
