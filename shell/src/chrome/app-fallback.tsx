import { css } from '@emotion/react';
import { telHref } from '@forecourt/shared-config';

const TEAM_FEATURE: Record<string, string> = {
  'mf-search': 'Vehicle search',
  'mf-vehicle': 'Vehicle details',
  'mf-finance': 'Finance',
  'mf-leads': 'Enquiries',
  'mf-locations': 'Our locations',
};

/**
 * What a shopper sees in an app's area when that app cannot be shown. It says what is missing
 * and offers the two things that always work: reload, or call the dealer.
 */
export function AppFallback({ team, phone }: { team: string; phone: string }) {
  const feature = TEAM_FEATURE[team] ?? 'This section';
  return (
    <section
      role="alert"
      data-fallback={team}
      css={css`
        label: shell-app-fallback;
        margin: 2rem auto;
        max-width: 40rem;
        padding: 1.5rem;
        border: 1px solid #d0d5dd;
        border-radius: 8px;
        background: #f9fafb;
      `}
    >
      <h1 css={css`font-size: 1.25rem; margin: 0 0 0.5rem;`}>{feature} is temporarily unavailable</h1>
      <p css={css`margin: 0 0 1rem;`}>
        Sorry, this part of our site did not load. Please try again in a moment, or call us on{' '}
        <a href={telHref(phone)}>{phone}</a>.
      </p>
      <button type="button" onClick={() => location.reload()}>
        Try again
      </button>
    </section>
  );
}
