import { css } from '@emotion/react';
import { readableTextOn, useTenant } from '@forecourt/shared-config';
import { useId } from 'react';
import { financeCtaHref } from '../lib/finance-cta-href';

export interface FinanceCtaProps {
  /** The car to estimate for; without one the card links to the general finance page. */
  carId?: string;
}

/** The exposed `mf_finance/FinanceCta` fragment: a card that leads to a finance estimate. */
export default function FinanceCta({ carId }: FinanceCtaProps) {
  const tenant = useTenant();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-boundary="mf-finance"
      css={css`label: mf-finance-cta; padding: 1rem 1.25rem; border: 1px solid #d0d5dd; border-radius: 8px;`}
    >
      <h2 id={headingId} css={{ fontSize: '1.125rem', margin: '0 0 0.5rem' }}>
        Get a finance estimate
      </h2>
      <p css={{ margin: '0 0 0.75rem', color: '#475467' }}>
        See what your repayments could be on {carId ? `this ${tenant.search.itemNoun}` : `your next ${tenant.search.itemNoun}`} with{' '}
        {tenant.name}.
      </p>
      <a
        href={financeCtaHref(carId)}
        css={css`label: mf-finance-cta-link; display: inline-block; padding: 0.6rem 1rem; color: ${readableTextOn(tenant.theme.primary)}; background: ${tenant.theme.primary}; border-radius: 6px; font-weight: 600; text-decoration: none;`}
      >
        Estimate my repayments
      </a>
    </section>
  );
}
