import { css } from '@emotion/react';
import { DANGER, formatDollars, readableTextOn, SURFACE, useTenant } from '@forecourt/shared-config';
import { useId, useState } from 'react';
import { NumberField } from '../../results/components/number-field';
import {
  BUDGET_TERM_YEARS,
  budgetFor,
  budgetInput,
  budgetResult,
  DEFAULT_DEPOSIT,
  DEFAULT_REPAYMENT,
  type RepaymentPeriod,
} from '../../../lib/budget';

/** What 'View {type}s In This Range' does: refine the search on this page, or go to a results address. */
export type BudgetAction =
  { kind: 'apply'; apply: (maxPrice: number) => void } | { kind: 'link'; href: (maxPrice: number) => string };

/**
 * 'Find cars for your budget' (finance spec §9): repayment and deposit become a price ceiling
 * (repayment x 12 or 52 x 5 years + deposit). Below the cheapest car there is, the button is
 * disabled and says so; otherwise it searches up to the budget, capped at the dearest car.
 * `prices` are the cheapest and dearest prices the search can reach (unknown while loading).
 */
export function BudgetForm({ prices, action }: { prices: { min?: number; max?: number }; action: BudgetAction }) {
  const { search, theme } = useTenant();
  const noun = search.itemNoun;
  const [period, setPeriod] = useState<RepaymentPeriod>('monthly');
  const [repayment, setRepayment] = useState(String(DEFAULT_REPAYMENT.monthly));
  const [deposit, setDeposit] = useState(String(DEFAULT_DEPOSIT));
  const budget = budgetFor(budgetInput(repayment), budgetInput(deposit), period);
  const result = budgetResult(budget, prices, noun);
  const messageId = useId();
  const buttonCss = css`
    display: block;
    padding: 0.65rem;
    font: inherit;
    font-weight: 700;
    text-align: center;
    text-decoration: none;
    border: 0;
    border-radius: 6px;
    cursor: pointer;
    background: ${theme.primary};
    color: ${readableTextOn(theme.primary)};
    &:disabled {
      cursor: not-allowed;
      background: ${SURFACE.border};
      color: ${SURFACE.strong};
    }
  `;
  return (
    <div role="group" aria-label={`Find ${noun}s for your budget`} css={{ display: 'grid', gap: '0.6rem' }}>
      <fieldset css={{ border: 0, padding: 0, margin: 0, display: 'flex', gap: '1rem' }}>
        <legend css={{ fontSize: '0.8rem', color: SURFACE.muted, padding: 0 }}>Repayments</legend>
        {(['monthly', 'weekly'] as const).map((p) => (
          <label key={p} css={{ display: 'flex', gap: '0.35rem', alignItems: 'center' }}>
            <input
              type="radio"
              name={`budget-period-${messageId}`}
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
        {/* Spec: non-numbers become 0. The field says so when the shopper leaves it, so what it shows is what the budget counts. */}
        <NumberField
          label={period === 'monthly' ? 'Monthly repayment' : 'Weekly repayment'}
          value={repayment}
          onChange={setRepayment}
          onBlur={() => setRepayment(String(budgetInput(repayment)))}
        />
        <NumberField
          label="Deposit"
          value={deposit}
          onChange={setDeposit}
          onBlur={() => setDeposit(String(budgetInput(deposit)))}
        />
      </div>
      <p css={{ margin: 0 }}>
        Your budget: <strong data-budget={budget}>{formatDollars(budget)}</strong>
      </p>
      {result.state === 'none' && (
        <p id={messageId} role="status" css={{ margin: 0, color: DANGER.text }}>
          {result.message}
        </p>
      )}
      {result.state === 'some' && action.kind === 'link' ? (
        <a href={action.href(result.maxPrice)} css={buttonCss}>
          {result.button}
        </a>
      ) : (
        <button
          type="button"
          disabled={result.state === 'none'}
          aria-describedby={result.state === 'none' ? messageId : undefined}
          onClick={() => {
            if (result.state === 'some' && action.kind === 'apply') action.apply(result.maxPrice);
          }}
          css={buttonCss}
        >
          {result.button}
        </button>
      )}
      <p css={{ margin: 0, fontSize: '0.75rem', color: SURFACE.muted }}>
        {`A guide only: your budget is your repayments over a ${BUDGET_TERM_YEARS}-year term plus your deposit, before interest and fees. It is not a loan offer.`}
      </p>
    </div>
  );
}
