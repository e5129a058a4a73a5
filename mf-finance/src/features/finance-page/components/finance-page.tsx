import { css } from '@emotion/react';
import { formatDollars, paths, RemoteFragment, telHref, useTenant } from '@forecourt/shared-config';
import { useId } from 'react';
import { useLocation, useSearchParams } from '@forecourt/shared-config/router';
import { FINANCE_STEPS, financeHeading, readCarId, readVehiclePrice } from '../lib/finance-page';

const card = css`label: mf-finance-card; padding: 1rem 1.25rem; border: 1px solid #d0d5dd; border-radius: 8px;`;

export function FinancePage() {
  const tenant = useTenant();
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  const headingId = useId();
  const teamId = useId();
  const panelId = useId();
  const noun = tenant.search.itemNoun;
  const carId = readCarId(query);
  const price = readVehiclePrice(query);
  return (
    <article aria-labelledby={headingId} css={css`label: mf-finance-page; max-width: 72rem; margin: 0 auto; padding: 1.5rem;`}>
      <h1 id={headingId} css={{ margin: '0 0 0.25rem' }}>
        {financeHeading(pathname)}
      </h1>
      <p css={{ margin: '0 0 1.5rem', color: '#475467' }}>
        Finance your next {noun} with {tenant.name}.
      </p>
      <div css={css`label: mf-finance-layout; display: grid; grid-template-columns: 2fr 1fr; align-items: start; gap: 1.5rem; @media (max-width: 767.98px) { grid-template-columns: 1fr; }`}>
        <section aria-labelledby={teamId} css={card}>
          <h2 id={teamId} css={{ fontSize: '1.125rem', margin: '0 0 0.75rem' }}>
            Talk to our finance team
          </h2>
          <p css={{ margin: '0 0 0.75rem' }}>
            Call {tenant.name} in {tenant.contact.city} on{' '}
            <a href={telHref(tenant.contact.phone)}>{tenant.contact.phone}</a> to talk through your options.
          </p>
          <p css={{ margin: 0 }}>
            <a href={paths.search()}>Browse our {noun}s</a>
          </p>
        </section>
        {/* Spec: the panel beside the form is hidden on small screens. */}
        <aside aria-labelledby={panelId} css={css`${card}; label: mf-finance-panel; @media (max-width: 767.98px) { display: none; }`}>
          {carId ? (
            <>
              <h2 id={panelId} css={{ fontSize: '1.125rem', margin: '0 0 0.75rem' }}>
                Your chosen {noun}
              </h2>
              <dl css={{ margin: 0 }}>
                <dt css={{ color: '#475467' }}>Reference</dt>
                <dd css={{ margin: '0 0 0.5rem', fontWeight: 600 }}>{carId}</dd>
                {price !== null && (
                  <>
                    <dt css={{ color: '#475467' }}>Price</dt>
                    <dd css={{ margin: 0, fontWeight: 600 }}>{formatDollars(price)}</dd>
                  </>
                )}
              </dl>
            </>
          ) : (
            <>
              <h2 id={panelId} css={{ fontSize: '1.125rem', margin: '0 0 0.75rem' }}>
                How it works
              </h2>
              <ol css={{ margin: 0, paddingLeft: '1.25rem' }}>
                {FINANCE_STEPS.map((step) => (
                  <li key={step.title} css={{ marginBottom: '0.5rem' }}>
                    <strong>{step.title}</strong>
                    <br />
                    {step.text}
                  </li>
                ))}
              </ol>
            </>
          )}
        </aside>
        {/* The search team's budget finder (finance spec §9): repayments and deposit to a price ceiling, then the search. */}
        {tenant.features['mf-search'] && (
          <div css={css`grid-column: 1; @media (max-width: 767.98px) { grid-column: auto; }`}>
            <RemoteFragment id="mf_search/BudgetFinder" props={{}} />
          </div>
        )}
      </div>
    </article>
  );
}
