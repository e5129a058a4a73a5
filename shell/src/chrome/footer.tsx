import { css } from '@emotion/react';
import {
  federationName,
  media,
  readableTextOn,
  RemoteFragment,
  SURFACE,
  telHref,
  useTenant,
} from '@forecourt/shared-config';
import { featureBannerItems } from '@forecourt/shared-config/promotions';

/** Spec: 'Payment-accepted strip: Mastercard, Visa, Maestro, Google Pay, Apple Pay'. */
export const PAYMENT_METHODS = ['Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay'] as const;

function FeatureBanner() {
  const tenant = useTenant();
  const items = featureBannerItems(tenant);
  return (
    <section
      aria-label="Features"
      data-boundary="shell"
      data-print="no"
      css={css`
        label: shell-feature-banner;
        background: ${tenant.theme.accent};
        color: ${readableTextOn(tenant.theme.accent)};
      `}
    >
      <ul
        css={css`
          display: grid;
          grid-template-columns: 1fr;
          gap: 1rem;
          max-width: 75rem;
          margin: 0 auto;
          padding: 1.25rem 1.5rem;
          list-style: none;
          ${media.md} {
            grid-template-columns: repeat(${items.length}, 1fr);
          }
        `}
      >
        {items.map((feature) => (
          <li key={feature.title}>
            <a
              href={feature.href}
              css={css`
                display: block;
                color: inherit;
                text-decoration: none;
                &:hover strong {
                  text-decoration: underline;
                }
              `}
            >
              <strong css={{ display: 'block', fontSize: '1.05rem' }}>{feature.title}</strong>
              <span>{feature.text}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The five accepted methods as labelled badges (text, so they read out and print; no card-brand artwork is shipped). */
function PaymentStrip() {
  return (
    <div
      css={css`
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.5rem;
      `}
    >
      <span css={{ marginRight: '0.25rem' }}>We accept</span>
      <ul
        aria-label="Payment methods accepted"
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: 0.4rem;
          list-style: none;
          margin: 0;
          padding: 0;
        `}
      >
        {PAYMENT_METHODS.map((method) => (
          <li
            key={method}
            css={css`
              padding: 0.2rem 0.55rem;
              border-radius: 4px;
              background: ${SURFACE.background};
              color: ${SURFACE.text};
              font-size: 0.8rem;
              font-weight: 700;
            `}
          >
            {method}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * mf-locations's review summary: another team's remote (its entry, its fragment, the site's
 * locations), loaded like every fragment only once the footer comes near the window.
 */
function SiteReviews() {
  return <RemoteFragment id={`${federationName('mf-locations')}/ReviewSummary`} props={{}} fallback={null} />;
}

/** The site's footer: the feature banner, the site's link columns, contact, legal and the payment strip. */
export function Footer() {
  const tenant = useTenant();
  const { footer, paymentStrip, featureBanner } = tenant.chrome;
  return (
    <>
      {featureBanner && <FeatureBanner />}
      <footer
        data-boundary="shell"
        data-print="no"
        css={css`
          label: shell-footer;
          padding: 2rem 1.5rem 1.5rem;
          background: ${SURFACE.inverse};
          color: ${SURFACE.inverseMuted};
          font-size: 0.875rem;
          a {
            color: ${SURFACE.onInverse};
          }
        `}
      >
        <div
          css={css`
            display: grid;
            gap: 1.5rem;
            max-width: 75rem;
            margin: 0 auto;
            grid-template-columns: 1fr;
            ${media.sm} {
              grid-template-columns: repeat(2, 1fr);
            }
            ${media.lg} {
              grid-template-columns: repeat(${Math.min(footer.length + 1, 5)}, 1fr);
            }
          `}
        >
          <section aria-label={`Contact ${tenant.name}`}>
            <p css={{ margin: '0 0 0.5rem', color: SURFACE.onInverse, fontWeight: 700, fontSize: '1rem' }}>
              {tenant.name}
            </p>
            <p css={{ margin: 0 }}>
              {tenant.contact.city} {tenant.contact.state}
              <br />
              <a href={telHref(tenant.contact.phone)}>{tenant.contact.phone}</a>
            </p>
            {/* mf-locations's review summary (stars, average, count), in the footer's own colours. A
                decoration: while it loads, and if it cannot be shown, nothing here (no space kept,
                no fallback); the failure is still reported. The container's name comes from the
                team's, so the shell's build names no remote (the composition journeys check it). */}
            {tenant.features['mf-locations'] && <SiteReviews />}
          </section>
          {footer.map((column) => (
            <nav key={column.heading} aria-label={column.heading}>
              <p css={{ margin: '0 0 0.5rem', color: SURFACE.onInverse, fontWeight: 700 }}>{column.heading}</p>
              <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.4rem' }}>
                {column.links.map((link) => (
                  <li key={link.href}>
                    {/* Its own box, not a run of text: in the server's first paint the rule's <style>
                        sits beside the first link in its item, and a checker reading that item's text
                        would take the link for one inside a paragraph that only colour sets apart. */}
                    <a
                      href={link.href}
                      css={{
                        display: 'inline-block',
                        textDecoration: 'none',
                        '&:hover': { textDecoration: 'underline' },
                      }}
                    >
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div
          css={css`
            display: flex;
            flex-wrap: wrap;
            justify-content: space-between;
            align-items: center;
            gap: 1rem;
            max-width: 75rem;
            margin: 1.5rem auto 0;
            padding-top: 1rem;
            border-top: 1px solid ${SURFACE.strong};
          `}
        >
          <p css={{ margin: 0 }}>
            © {tenant.name} · <a href="/privacy-policy">Privacy policy</a> ·{' '}
            <a href="/terms-and-conditions">Terms and conditions</a>
          </p>
          {paymentStrip && <PaymentStrip />}
        </div>
      </footer>
    </>
  );
}
