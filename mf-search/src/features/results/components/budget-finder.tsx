import { css } from '@emotion/react';
import { formatDollars, readableTextOn, SURFACE, useTenant } from '@forecourt/shared-config';
import { useId, useState } from 'react';
import { Configure, Index, useInstantSearch } from 'react-instantsearch-core';
import { NumberField } from './number-field';
import { BUDGET_MIN_PRICE, BUDGET_TERM_YEARS, budgetFilter, budgetFor, budgetInput, budgetResult, DEFAULT_DEPOSIT, DEFAULT_REPAYMENT, type RepaymentPeriod } from '../../../lib/budget';

/**
 * 'Find cars for your budget' (finance spec §9): repayment and deposit become a price ceiling
 * (repayment x 12 or 52 x 5 years + deposit). Below the cheapest car of the current results the
 * button is disabled and says so; otherwise it applies the ceiling (capped at the dearest car)
 * to the current search, from a price above $1,000.
 */
export function BudgetFinder({ indexName, scopeFilters }: { indexName: string; scopeFilters: string }) {
  // A second query on the same index, inheriting the shopper's query and filters, priced above
  // $1,000 and asking only for the price stats: the cheapest and dearest car the budget can meet.
  // Its own index id keeps it out of the address bar.
  return (
    <Index indexName={indexName} indexId="budget">
      <Configure hitsPerPage={0} filters={budgetFilter(scopeFilters)} facets={['price']} />
      <BudgetForm indexName={indexName} />
    </Index>
  );
}

function BudgetForm({ indexName }: { indexName: string }) {
  const { search } = useTenant();
  const noun = search.itemNoun;
  const { results, setUiState } = useInstantSearch();
  const stats = results?.getFacetStats('price') as { min: number; max: number } | undefined;
  const range = { min: stats?.min, max: stats?.max };
  const [period, setPeriod] = useState<RepaymentPeriod>('monthly');
  const [repayment, setRepayment] = useState(String(DEFAULT_REPAYMENT.monthly));
  const [deposit, setDeposit] = useState(String(DEFAULT_DEPOSIT));
  const budget = budgetFor(budgetInput(repayment), budgetInput(deposit), period);
  const result = budgetResult(budget, { min: range.min, max: range.max }, noun);
  const { theme } = useTenant();
  const messageId = useId();
  return (
    <div role="group" aria-label={`Find ${noun}s for your budget`} css={{ display: 'grid', gap: '0.6rem' }}>
      <fieldset css={{ border: 0, padding: 0, margin: 0, display: 'flex', gap: '1rem' }}>
        <legend css={{ fontSize: '0.8rem', color: SURFACE.muted, padding: 0 }}>Repayments</legend>
        {(['monthly', 'weekly'] as const).map((p) => (
          <label key={p} css={{ display: 'flex', gap: '0.35rem', alignItems: 'center' }}>
            <input
              type="radio"
              name="budget-period"
              checked={period === p}
              onChange={() => {
                setPeriod(p);
                setRepayment(String(DEFAULT_REPAYMENT[p]));
              }}
            />
            {p === 'monthly' ? 'Monthly' : 'Weekly'}
          </label>
        ))}
      </fieldset>
      <div css={{ display: 'flex', gap: '0.5rem' }}>
        <NumberField label={period === 'monthly' ? 'Monthly repayment' : 'Weekly repayment'} value={repayment} onChange={setRepayment} />
        <NumberField label="Deposit" value={deposit} onChange={setDeposit} />
      </div>
      <p css={{ margin: 0 }}>
        Your budget: <strong data-budget={budget}>{formatDollars(budget)}</strong>
      </p>
      {result.state === 'none' && (
        <p id={messageId} role="status" css={{ margin: 0, color: '#b42318' }}>
          {result.message}
        </p>
      )}
      <button
        type="button"
        disabled={result.state === 'none'}
        aria-describedby={result.state === 'none' ? messageId : undefined}
        onClick={() => {
          if (result.state !== 'some') return;
          // The spec searches above $1,000; the address bar's range is inclusive, so it starts there.
          setUiState((ui) => {
            const main = ui[indexName] ?? {};
            return { ...ui, [indexName]: { ...main, page: undefined, range: { ...main.range, price: `${BUDGET_MIN_PRICE}:${result.maxPrice}` } } };
          });
        }}
        css={css`padding: 0.65rem; font: inherit; font-weight: 700; border: 0; border-radius: 6px; cursor: pointer; background: ${theme.primary}; color: ${readableTextOn(theme.primary)}; &:disabled { cursor: not-allowed; background: #d0d5dd; color: #344054; }`}
      >
        {result.button}
      </button>
      <p css={{ margin: 0, fontSize: '0.75rem', color: SURFACE.muted }}>
        {`A guide only: your budget is your repayments over a ${BUDGET_TERM_YEARS}-year term plus your deposit, before interest and fees. It is not a loan offer.`}
      </p>
    </div>
  );
}
