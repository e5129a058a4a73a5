import { css } from '@emotion/react';
import { FragmentCard, readableTextOn, SURFACE, useTenant } from '@forecourt/shared-config';
import { financeCtaHref } from '../lib/finance-cta-href';

export interface FinanceCtaProps {
  /** The car to estimate for; without one the card links to the general finance page. */
  carId?: string;
}

/** The exposed `mf_finance/FinanceCta` fragment: a card that leads to a finance estimate. */
export default function FinanceCta({ carId }: FinanceCtaProps) {
  const tenant = useTenant();
  return (
    <FragmentCard team="mf-finance" heading="Get a finance estimate">
      <p css={{ margin: '0 0 0.75rem', color: SURFACE.muted }}>
        See what your repayments could be on{' '}
        {carId ? `this ${tenant.search.itemNoun}` : `your next ${tenant.search.itemNoun}`} with {tenant.name}.
      </p>
      <a
        href={financeCtaHref(carId)}
        css={css`
          label: mf-finance-cta-link;
          display: inline-block;
          padding: 0.6rem 1rem;
          color: ${readableTextOn(tenant.theme.primary)};
          background: ${tenant.theme.primary};
          border-radius: 6px;
          font-weight: 600;
          text-decoration: none;
        `}
      >
        Estimate my repayments
      </a>
    </FragmentCard>
  );
}
