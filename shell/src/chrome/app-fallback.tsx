import { css } from '@emotion/react';
import { forecourtStore, SURFACE, telHref, tenantAtom, type FallbackProps } from '@forecourt/shared-config';

const TEAM_FEATURE: Record<string, string> = {
  'mf-search': 'Vehicle search',
  'mf-vehicle': 'Vehicle details',
  'mf-finance': 'Finance',
  'mf-leads': 'Enquiries',
  'mf-locations': 'Our locations',
};

/**
 * The one thing a shopper sees wherever part of a page cannot be shown: an app's whole area
 * (entry, mount or render failure) or a fragment inside another team's page (inline). It says
 * what is missing and offers what always works: try again, or call the dealer.
 */
export function AppFallback({ remote, inline = false }: FallbackProps) {
  const feature = TEAM_FEATURE[remote] ?? 'This section';
  const phone = forecourtStore.get(tenantAtom)?.contact.phone;
  const call = phone ? (
    <>
      , or call us on <a href={telHref(phone)}>{phone}</a>
    </>
  ) : null;
  return (
    <section
      role={inline ? 'status' : 'alert'}
      data-fallback={remote}
      css={css`
        label: app-fallback;
        margin: ${inline ? '1rem 0' : '2rem auto'};
        max-width: 40rem;
        padding: ${inline ? '0.75rem 1rem' : '1.5rem'};
        border: 1px solid ${SURFACE.border};
        border-radius: ${SURFACE.radius};
        background: ${SURFACE.panel};
        color: ${SURFACE.text};
      `}
    >
      {inline ? (
        <p
          css={css`
            margin: 0;
          `}
        >
          {feature} is temporarily unavailable. Please try again in a moment{call}.
        </p>
      ) : (
        <>
          <h1
            css={css`
              font-size: 1.25rem;
              margin: 0 0 0.5rem;
            `}
          >
            {feature} is temporarily unavailable
          </h1>
          <p
            css={css`
              margin: 0 0 1rem;
            `}
          >
            Sorry, this part of our site did not load. Please try again in a moment{call}.
          </p>
          <button type="button" onClick={() => location.reload()}>
            Try again
          </button>
        </>
      )}
    </section>
  );
}
