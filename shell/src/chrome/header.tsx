import { css } from '@emotion/react';
import {
  formatNumber,
  media,
  paths,
  readableTextOn,
  signInHref,
  SURFACE,
  telHref,
  useSession,
  useTenant,
} from '@forecourt/shared-config';
import { brandHref } from '@forecourt/shared-config/content';
import { monthlySales, SALES_COUNTER_REFRESH_MS, stocktakeRunning } from '@forecourt/shared-config/promotions';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { MainMenu } from './main-menu';
import { brandColumns } from './menu-parts';

/**
 * The dialog kit (Radix's dialog, about 13 KB as sent) is downloaded when the shopper opens the
 * menu, not with every page: most shoppers never do.
 */
const Dialog = lazy(() => import('@forecourt/shared-config/dialog').then((module) => ({ default: module.Dialog })));

/**
 * Sign in, or (signed in) the shopper's watchlist. One short link either way, so the header does
 * not shift when the session is read after the first paint (which is always signed out).
 */
function AccountLink({ color }: { color: string }) {
  const session = useSession();
  const style = css`
    color: ${color};
    font-weight: 600;
  `;
  if (session.status === 'signed-in') {
    return (
      <a href={paths.watchlist()} css={style}>
        Watchlist
      </a>
    );
  }
  // Rendered on the server too, where there is no location: the link then returns to the home page.
  const href =
    typeof location === 'undefined' ? paths.signIn('account', paths.home(), paths.home()) : signInHref('account');
  return (
    <a href={href} css={style}>
      Sign in
    </a>
  );
}

/** The instant the page reads the clock at; the counter moves on every 150 s while the page is open. */
function useNow(refreshMs: number, enabled: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!enabled) return undefined;
    const timer = setInterval(() => setNow(new Date()), refreshMs);
    return () => clearInterval(timer);
  }, [enabled, refreshMs]);
  return now;
}

/**
 * The top bar: the monthly sales counter and, inside its window, the stocktake sale (on sites
 * that switch them on), then the account link and the phone, on every site and width.
 */
function UtilityBar() {
  const tenant = useTenant();
  const { salesCounter, stocktakeBanner } = tenant.chrome;
  const now = useNow(SALES_COUNTER_REFRESH_MS, salesCounter);
  const stocktake = stocktakeBanner && stocktakeRunning(now);
  return (
    <div
      css={css`
        label: shell-utility-bar;
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.25rem 1.5rem;
        padding: 0.35rem 1.5rem;
        background: ${SURFACE.inverse};
        color: ${SURFACE.onInverse};
        font-size: 0.875rem;
        ${media.smDown} {
          padding: 0.35rem 1rem;
        }
      `}
    >
      {salesCounter && (
        <p css={{ margin: 0 }}>
          <strong>{formatNumber(monthlySales(now))}</strong> {tenant.search.itemNoun}s sold this month
        </p>
      )}
      {stocktake && (
        <p css={{ margin: 0 }}>
          <a href={paths.specialOffers()} css={{ color: SURFACE.onInverse, fontWeight: 700 }}>
            Stocktake sale on now: ends 24 July
          </a>
        </p>
      )}
      <p css={{ margin: '0 0 0 auto', display: 'flex', gap: '1.25rem' }}>
        <AccountLink color={SURFACE.onInverse} />
        <a href={telHref(tenant.contact.phone)} css={{ color: SURFACE.onInverse, fontWeight: 600 }}>
          {tenant.contact.phone}
        </a>
      </p>
    </div>
  );
}

/**
 * Below lg (992 px) the navigation is one Menu button and a panel along the left edge. The panel
 * is rendered from the first time it opens (its code arrives then); until it has arrived the
 * button says it is open, and the panel shows as soon as it can.
 */
function MobileMenu({ colour }: { colour: string }) {
  const tenant = useTenant();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const columns = brandColumns(tenant.brands);
  const link = css`
    display: block;
    padding: 0.6rem 0;
    color: ${SURFACE.text};
    font-weight: 600;
    text-decoration: none;
    border-bottom: 1px solid ${SURFACE.divider};
  `;
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        css={css`
          ${media.lg} {
            display: none;
          }
          display: inline-flex;
          align-items: center;
          gap: 0.4rem;
          flex-shrink: 0;
          margin-left: auto;
          padding: 0.45rem 0.8rem;
          font: inherit;
          font-weight: 600;
          color: ${colour};
          background: transparent;
          border: 1px solid currentColor;
          border-radius: 6px;
          cursor: pointer;
        `}
      >
        <span aria-hidden="true">☰</span> Menu
      </button>
      {opened && (
        <Suspense fallback={null}>
          <Dialog open={open} onOpenChange={setOpen} title="Menu" sheet returnFocusTo={button}>
            <nav aria-label="Main">
              <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {tenant.nav.map((item) => (
                  <li key={item.href}>
                    <a href={item.href} css={link}>
                      {item.label}
                    </a>
                  </li>
                ))}
              </ul>
              {columns.map((column) => (
                <section key={column.label} aria-label={`${column.label} brands`} css={{ marginTop: '1rem' }}>
                  <h3
                    css={{
                      margin: '0 0 0.25rem',
                      fontSize: '0.8rem',
                      textTransform: 'uppercase',
                      letterSpacing: '0.06em',
                      color: SURFACE.muted,
                    }}
                  >
                    {column.label}
                  </h3>
                  <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
                    {column.brands.map((brand) => (
                      <li key={brand.slug}>
                        <a href={brandHref(brand)} css={link}>
                          {brand.title}
                        </a>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
              {columns.length > 0 && (
                <a href="/brands" css={[link, { marginTop: '0.5rem' }]}>
                  Our Brands
                </a>
              )}
            </nav>
            <p css={{ margin: '1.25rem 0 0', display: 'flex', gap: '1rem', flexWrap: 'wrap' }}>
              <AccountLink color={SURFACE.text} />
              <a href={telHref(tenant.contact.phone)} css={{ color: SURFACE.text, fontWeight: 600 }}>
                Call {tenant.contact.phone}
              </a>
            </p>
          </Dialog>
        </Suspense>
      )}
    </>
  );
}

/**
 * The site's header: the utility bar, logo and name, the brand mega-menu and the site's links
 * (lg and up; below lg a Menu button opens the same links in a panel).
 */
export function Header() {
  const tenant = useTenant();
  const onPrimary = readableTextOn(tenant.theme.primary);
  return (
    <header
      data-boundary="shell"
      data-print="no"
      css={css`
        label: shell-header;
        background: ${tenant.theme.primary};
        color: ${onPrimary};
      `}
    >
      <UtilityBar />
      <div
        css={css`
          display: flex;
          align-items: center;
          gap: 0.75rem 1.5rem;
          padding: 0.75rem 1.5rem;
          ${media.smDown} {
            gap: 0.5rem;
            padding: 0.6rem 1rem;
          }
        `}
      >
        {/* The name may wrap rather than push the Menu button off a phone's screen: a dealer's name is as long as it is. */}
        <a
          href={paths.home()}
          css={css`
            display: flex;
            align-items: center;
            gap: 0.75rem;
            min-width: 0;
            color: ${onPrimary};
            text-decoration: none;
          `}
        >
          <span
            role="img"
            aria-label={tenant.logo.alt}
            css={css`
              display: grid;
              flex-shrink: 0;
              place-items: center;
              width: 2.75rem;
              height: 2.75rem;
              border-radius: 8px;
              background: ${tenant.theme.accent};
              color: ${readableTextOn(tenant.theme.accent)};
              font-weight: 800;
              letter-spacing: 0.02em;
            `}
          >
            {tenant.logo.text}
          </span>
          <span
            css={css`
              font-size: 1.25rem;
              font-weight: 700;
              line-height: 1.2;
              overflow-wrap: anywhere;
              ${media.smDown} {
                font-size: 1.05rem;
              }
            `}
          >
            {tenant.name}
          </span>
        </a>
        <MainMenu brands={tenant.brands} links={tenant.nav} colour={onPrimary} />
        <MobileMenu colour={onPrimary} />
      </div>
    </header>
  );
}
