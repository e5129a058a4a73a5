import { css } from '@emotion/react';
import { DANGER, formatDollars, paths, readableTextOn, SURFACE, track, useTenant } from '@forecourt/shared-config';
import { ENQUIRE_FOR_FINANCE_MAX, type CalculatorProps, type FinanceEstimate } from '@forecourt/shared-config/price';
import type { Frequency } from '@forecourt/shared-config/repayment';
import { Slider } from '@forecourt/shared-config/slider';
import type { FinanceSettings } from '@forecourt/shared-config/tenant';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useFinanceCar, type FinancePanelCar } from '../../finance-page/api/finance-cars';
import { disclaimerPreview, financeDisclaimer } from '../lib/disclaimer';
import { calculatorFees, establishmentFee, formatFee } from '../lib/fees';
import {
  clamp,
  clampAmount,
  EXTRAS_RANGE,
  interestRange,
  priceRange,
  rangeProblem,
  termChoices,
  type CalculatorStart,
  type Range,
} from '@forecourt/shared-config/calculator';
import { calculatorEstimate, calculatorStart } from '../lib/estimate';
import {
  comparisonRate,
  formatRate,
  FREQUENCIES,
  monthlyFromWeekly,
  repayment,
  totalPayable,
  type LoanInput,
} from '../lib/repayment';

/** Spec analytics: 26, the finance calculator's first use (once). */
export const CALCULATOR_USED_EVENT = 26;
const FREQUENCY_LABELS: Record<Frequency, string> = { week: 'Weekly', fortnight: 'Fortnightly', month: 'Monthly' };
const PER: Record<Frequency, string> = { week: 'per week', fortnight: 'per fortnight', month: 'per month' };

export type { CalculatorProps };

const fieldRow = css`
  label: mf-finance-calculator-field;
  margin: 0 0 1rem;
`;
const numberInput = css`
  font: inherit;
  width: 9rem;
  padding: 0.4rem 0.6rem;
  border: 1px solid ${SURFACE.border};
  border-radius: 6px;
`;
const linkButton = css`
  font: inherit;
  font-weight: 600;
  background: none;
  border: none;
  padding: 0;
  color: inherit;
  text-decoration: underline;
  cursor: pointer;
`;

/** One input of the calculator: its label with the value typed, its slider, the range text when out of range. */
function MoneyField({
  label,
  value,
  range,
  onChange,
  format = formatDollars,
  zeroBecomesZero = false,
  disabled = false,
}: {
  label: string;
  value: number;
  range: Range;
  onChange: (value: number) => void;
  format?: (value: number) => string;
  zeroBecomesZero?: boolean;
  disabled?: boolean;
}) {
  const inputId = useId();
  const problemId = useId();
  const [typed, setTyped] = useState<string | null>(null);
  const typedNumber = typed === null ? null : Number(typed.replace(/[^\d.]/g, ''));
  const problem = typedNumber === null ? null : rangeProblem(typedNumber, range, format);
  const commit = () => {
    if (typedNumber === null) return;
    // Spec: out-of-range entries are clamped; an amount of zero or less becomes 0.
    onChange(zeroBecomesZero ? clampAmount(typedNumber, range) : clamp(typedNumber, range));
    setTyped(null);
  };
  return (
    <div css={fieldRow}>
      <div
        css={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: '0.75rem',
          flexWrap: 'wrap',
        }}
      >
        <label htmlFor={inputId} css={{ fontWeight: 600 }}>
          {label}
        </label>
        <input
          id={inputId}
          css={numberInput}
          inputMode="decimal"
          value={typed ?? String(value)}
          disabled={disabled}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
        />
      </div>
      <Slider
        label={label}
        min={range.min}
        max={range.max}
        step={range.step}
        value={clamp(value, range)}
        onChange={onChange}
        format={format}
        disabled={disabled}
      />
      {problem && (
        <p id={problemId} role="alert" css={{ margin: 0, color: DANGER.text, fontSize: '0.875rem' }}>
          {problem}
        </p>
      )}
    </div>
  );
}

/** The calculator for a car the site shows finance for. */
function CarCalculator({
  car,
  settings,
  start,
  onEstimate,
}: {
  car: FinancePanelCar;
  settings: FinanceSettings;
  start: CalculatorStart;
  onEstimate?: ((estimate: FinanceEstimate | null) => void) | undefined;
}) {
  const { theme } = useTenant();
  const calculator = settings.calculator;
  const [amount, setAmount] = useState(start.amount);
  const [term, setTerm] = useState(start.term);
  const [interest, setInterest] = useState(start.interest);
  const [deposit, setDeposit] = useState(start.deposit);
  const [residual, setResidual] = useState(start.residual);
  const [frequency, setFrequency] = useState<Frequency>('week');
  const [more, setMore] = useState(false);
  const [fullDisclaimer, setFullDisclaimer] = useState(false);
  const used = useRef(false);
  const headingId = useId();
  const detailsId = useId();
  const disclaimerId = useId();

  // Spec: the first interaction fires analytics 26, once.
  const touched =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      if (!used.current) {
        used.current = true;
        void track(CALCULATOR_USED_EVENT, { car_id: car.id });
      }
      set(value);
    };

  const terms = termChoices(calculator);
  const loan: LoanInput = { amount, deposit, residual, term, interest, frequency, roundUp: calculator.roundUp };
  const payment = repayment(loan);
  const { weekly } = calculatorEstimate(loan);
  const otherFees = settings.fees.other;
  const establishment = establishmentFee(settings);
  const comparison = comparisonRate(loan, calculatorFees(settings));
  // The page that embeds the calculator shows the same figure (the vehicle page's sticky header).
  useEffect(() => {
    onEstimate?.({ weekly, interest });
  }, [onEstimate, weekly, interest]);
  // The car's lender's own disclaimer (read with the car, by its id) where it has one; the
  // site's standard one otherwise.
  const disclaimer = financeDisclaimer(calculator.disclaimerWithSampleRate);
  const { preview, truncated } = disclaimerPreview(disclaimer);
  const years = (value: number) => `${value} year${value === 1 ? '' : 's'}`;

  return (
    <section
      data-boundary="mf-finance"
      aria-labelledby={headingId}
      css={css`
        label: mf-finance-calculator;
        padding: 1.25rem;
        border: 1px solid ${SURFACE.border};
        border-radius: ${SURFACE.radius};
        background: ${SURFACE.background};
      `}
    >
      <h2 id={headingId} css={{ margin: '0 0 0.75rem', fontSize: '1.25rem' }}>
        Finance calculator
      </h2>
      <div
        role="radiogroup"
        aria-label="Repayments"
        css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', margin: '0 0 1rem' }}
      >
        {FREQUENCIES.map((option) => (
          <label
            key={option}
            css={css`
              display: inline-flex;
              align-items: center;
              gap: 0.35rem;
              padding: 0.35rem 0.75rem;
              border: 1px solid ${SURFACE.border};
              border-radius: 999px;
              cursor: pointer;
              &:has(input:checked) {
                border-color: currentColor;
                font-weight: 700;
              }
            `}
          >
            <input
              type="radio"
              name={`${headingId}-frequency`}
              value={option}
              checked={frequency === option}
              onChange={() => touched(setFrequency)(option)}
            />
            {FREQUENCY_LABELS[option]}
          </label>
        ))}
      </div>
      <div
        aria-live="polite"
        css={css`
          margin: 0 0 1rem;
          padding: 0.85rem 1rem;
          border-radius: 8px;
          background: ${SURFACE.fill};
        `}
      >
        {weekly <= ENQUIRE_FOR_FINANCE_MAX ? (
          <p css={{ margin: 0, fontSize: '1.25rem', fontWeight: 700 }}>Enquire for Finance</p>
        ) : (
          <>
            <p css={{ margin: 0 }}>
              <span css={{ fontSize: '1.75rem', fontWeight: 800 }} data-testid="calculator-repayment">
                {formatDollars(payment)}
              </span>{' '}
              {PER[frequency]}
            </p>
            <p css={{ margin: '0.25rem 0 0', color: SURFACE.muted }}>
              {interest.toFixed(2)}% p.a. · comparison rate {formatRate(comparison)} p.a.*
              {frequency === 'week' ? ` · about ${formatDollars(monthlyFromWeekly(weekly))} a month` : ''}
            </p>
          </>
        )}
      </div>
      <MoneyField
        label="Purchase price"
        value={amount}
        range={priceRange(calculator, car.price)}
        onChange={touched(setAmount)}
        zeroBecomesZero
      />
      <div css={fieldRow}>
        <p css={{ margin: 0, fontWeight: 600 }}>Loan term: {years(term)}</p>
        <Slider
          label="Loan term"
          min={0}
          max={terms.length - 1}
          step={1}
          value={Math.max(0, terms.indexOf(term))}
          onChange={(index) => touched(setTerm)(terms[index] ?? term)}
          format={(index) => years(terms[index] ?? term)}
        />
      </div>
      <MoneyField
        label="Interest rate"
        value={interest}
        range={interestRange(settings)}
        onChange={touched(setInterest)}
        format={(value) => `${value}%`}
        disabled={calculator.interestLocked}
      />
      <p css={{ margin: '0 0 1rem' }}>
        <button
          type="button"
          css={linkButton}
          aria-expanded={more}
          aria-controls={detailsId}
          onClick={() => setMore(!more)}
        >
          {more ? 'Show Less' : 'Show More'}
        </button>
      </p>
      <div id={detailsId} hidden={!more}>
        <MoneyField label="Deposit or trade-in" value={deposit} range={EXTRAS_RANGE} onChange={touched(setDeposit)} />
        <MoneyField label="Residual (balloon)" value={residual} range={EXTRAS_RANGE} onChange={touched(setResidual)} />
        <dl
          css={css`
            display: grid;
            grid-template-columns: 1fr auto;
            gap: 0.25rem 1rem;
            margin: 0 0 1rem;
            dt {
              color: ${SURFACE.muted};
            }
            dd {
              margin: 0;
              font-weight: 600;
              text-align: right;
            }
          `}
        >
          <dt>Amount financed</dt>
          <dd>{formatDollars(Math.max(0, amount - deposit))}</dd>
          <dt>Total of repayments</dt>
          <dd>{formatDollars(Math.round(totalPayable(loan)))}</dd>
          {establishment > 0 && (
            <>
              <dt>Establishment fee</dt>
              <dd>{formatFee(establishment)}</dd>
            </>
          )}
          {otherFees.map((fee) => (
            <FeeRow key={fee.label} label={fee.label} amount={fee.amount} monthly={fee.monthly} />
          ))}
        </dl>
      </div>
      <p css={{ margin: '0 0 1rem' }}>
        <a
          href={`${paths.personalisedFinance(car.id)}&vehiclePriceBudget=${Math.round(amount)}#finance-form`}
          css={css`
            display: inline-block;
            padding: 0.6rem 1.1rem;
            border-radius: 6px;
            font-weight: 700;
            text-decoration: none;
            background: ${theme.primary};
            color: ${readableTextOn(theme.primary)};
          `}
        >
          Get Finance
        </a>
      </p>
      <p id={disclaimerId} css={{ margin: 0, color: SURFACE.muted, fontSize: '0.8125rem' }}>
        *{fullDisclaimer || !truncated ? disclaimer : preview}{' '}
        {truncated && (
          <button
            type="button"
            css={linkButton}
            aria-expanded={fullDisclaimer}
            aria-controls={disclaimerId}
            onClick={() => setFullDisclaimer(!fullDisclaimer)}
          >
            {fullDisclaimer ? 'Read less' : 'Read more'}
          </button>
        )}
      </p>
    </section>
  );
}

function FeeRow({ label, amount, monthly }: { label: string; amount: number; monthly: boolean }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{`${formatFee(amount)}${monthly ? ' a month' : ''}`}</dd>
    </>
  );
}

/**
 * The exposed `mf_finance/Calculator`, for the vehicle page: amount, term, interest, deposit or
 * trade-in and residual, per week, fortnight or month (spec §2, §5, §9). It looks the car up
 * itself, and shows nothing where the car shows no finance (the provider's rule, a hidden make,
 * dealership or dealer) or while the car is loading.
 */
export default function Calculator({ carId, onEstimate }: CalculatorProps) {
  const tenant = useTenant();
  const loaded = useFinanceCar(carId);
  const car = loaded.status === 'ready' ? loaded.value : null;
  const first = useMemo(() => (car ? calculatorStart(tenant, car) : null), [tenant, car]);
  useEffect(() => {
    if (loaded.status !== 'loading' && !first) onEstimate?.(null);
  }, [loaded.status, first, onEstimate]);
  if (!car || !first) return null;
  return <CarCalculator car={car} settings={tenant.finance} start={first.start} onEstimate={onEstimate} />;
}
