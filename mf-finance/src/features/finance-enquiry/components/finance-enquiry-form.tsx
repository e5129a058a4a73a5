import { css } from '@emotion/react';
import { formatDollars, SURFACE, track, useTenant } from '@forecourt/shared-config';
import {
  CheckboxField,
  DANGER,
  FORM_ERROR,
  RadioGroupField,
  StepForm,
  TextField,
  useField,
  useFormState,
  type FormStep,
} from '@forecourt/shared-config/form';
import { formatPhone } from '@forecourt/shared-config/identity';
import { rememberUserDetails, storedUserDetails } from '@forecourt/shared-config/leads';
import { Slider } from '@forecourt/shared-config/slider';
import { usePhoneVerification } from '@forecourt/shared-config/verification';
import { useId, useMemo, useRef } from 'react';
import { submitFinanceEnquiry, type FinanceEnquiryCar } from '../api/enquiry';
import { quoteBox } from '../../finance-eligibility/lib/eligibility';
import { QUOTE_FAILED, useInstantQuote } from '../api/quote';
import { CREDIT_SCORES, WHO_IS_HELPING, type FinanceQuery } from '../lib/finance-query';
import {
  codeSchema,
  creditCheckShape,
  detailsStepSchema,
  digitsOnly,
  estimateStepSchema,
  financeEnquirySchema,
  initialEnquiryValues,
  QUOTE_PRICE_MAX,
  QUOTE_PRICE_MIN,
  QUOTE_TERM_MAX,
  QUOTE_TERM_MIN,
  type FinanceEnquiryValues,
} from '../lib/finance-schema';

/** Spec: the popup's four step labels (the page's form has the same steps). */
export const FINANCE_STEP_LABELS = [
  'Quick Estimate',
  'Your Details',
  'Instant pre-approval',
  'Apply to lender',
] as const;
/** Spec analytics: 9, a finance enquiry in an embedded form. */
export const EMBEDDED_FINANCE_ENQUIRY_EVENT = 9;
/** Spec 'Other' texts. */
export const UNKNOWN_ERROR = 'An unknown error occurred.';
export const UNKNOWN_STEP_ERROR = 'An unknown error occurred while advancing step.';
/** What the partner's instant quote rests on: another basis than the site's weekly figure on the cards and the calculator. */
export const INSTANT_QUOTE_BASIS = 'Our finance partner’s instant quote, on the price, term and credit score above:';

const CREDIT_LABELS: Record<(typeof CREDIT_SCORES)[number], string> = {
  GREAT: 'Great',
  DECENT: 'Decent',
  POOR: 'Poor',
};

export interface FinanceEnquiryFormProps {
  query: FinanceQuery;
  car: FinanceEnquiryCar | null;
  /** Where the form is: the page shows quote failures, the vehicle page's popup stays silent (spec). */
  variant: 'page' | 'popup';
  /** The Equifax finance page: the shopper agrees to a credit check with Equifax before applying. */
  creditCheck?: boolean;
  /**
   * Whether the site shows finance for the chosen car (shared-config's `carShowsFinance`): where
   * not, the quote box shows no figure. The popup opens only from a page that shows finance.
   */
  financeShown?: boolean;
}

/** Loan term, 1 to 7 years in whole years (spec: 'Loan term slider 1 to 7 years, step 1'). */
function LoanTermField() {
  const { input } = useField<number>('loanTerm');
  const labelId = useId();
  const years = Number(input.value) || QUOTE_TERM_MIN;
  const format = (value: number) => `${value} year${value === 1 ? '' : 's'}`;
  return (
    <div css={{ marginBottom: '1rem' }}>
      <p id={labelId} css={{ margin: '0 0 0.25rem', fontWeight: 600 }}>
        Loan term: {format(years)}
      </p>
      <Slider
        label="Loan term"
        min={QUOTE_TERM_MIN}
        max={QUOTE_TERM_MAX}
        step={1}
        value={years}
        onChange={(value) => input.onChange(value)}
        format={format}
        describedBy={labelId}
      />
    </div>
  );
}

/**
 * The quote box (`quoteBox`): the partner's figures for what is entered so far, 500 ms after typing
 * stops. For a chosen car the quote is asked only when the car has no quote and a price above 0
 * (spec); a car that has one shows it instead, and a car without a price shows none (not in the
 * spec: a quote for a price the dealer has not set would be a figure for no car, so the shopper is
 * told to ask). A car the site shows no finance for shows no figure at all.
 */
function InstantQuote({
  variant,
  car,
  financeShown,
}: {
  variant: FinanceEnquiryFormProps['variant'];
  car: FinanceEnquiryCar | null;
  financeShown: boolean;
}) {
  const { finance, search } = useTenant();
  const { values } = useFormState<FinanceEnquiryValues>({ subscription: { values: true } });
  const box = quoteBox(finance, car, financeShown);
  // Spec quote request: selfAssessedCreditScore, purchasePrice, loanTerm, year, vin, nvic,
  // whoIsHelping; the car's own identifiers where a car was chosen, so the partner prices that car.
  const quote = useInstantQuote(
    box.kind === 'instant-quote'
      ? {
          purchasePrice: values.purchasePrice,
          loanTerm: values.loanTerm,
          selfAssessedCreditScore: values.selfAssessedCreditScore,
          whoIsHelping: values.whoIsHelping,
          ...(car
            ? { year: car.year, ...(car.vin ? { vin: car.vin } : {}), ...(car.nvic ? { nvic: car.nvic } : {}) }
            : {}),
        }
      : null,
  );
  if (box.kind === 'none') return null;
  return (
    <div
      aria-live="polite"
      css={css`
        label: mf-finance-quote;
        margin: 0 0 1rem;
        padding: 0.75rem 1rem;
        border-radius: 8px;
        background: ${SURFACE.fill};
        min-height: 3.5rem;
      `}
    >
      {box.kind === 'lender-quote' ? (
        // The lender's quote is another basis than the weekly figure on the cards and the calculator
        // (the site's term and rate on the asking price): it says whose it is, so two figures for
        // one car never read as one contradicting the other.
        <p css={{ margin: 0 }}>
          {`The lender’s quote for this ${search.itemNoun}: `}
          <strong>{formatDollars(box.weekly)}</strong>
          {' per week, on the lender’s own term and rate (the calculator’s estimate uses the site’s).'}
        </p>
      ) : box.kind === 'no-price' ? (
        <p
          css={{ margin: 0, color: SURFACE.muted }}
        >{`This ${search.itemNoun} has no price yet: ask us for a finance quote.`}</p>
      ) : quote.status === 'ready' ? (
        <>
          {/* The partner's figure rests on what the shopper entered above and the partner's own rate, not the site's calculator: it says so. */}
          <p css={{ margin: '0 0 0.5rem' }}>{INSTANT_QUOTE_BASIS}</p>
          <dl css={{ display: 'grid', gridTemplateColumns: 'repeat(3, auto)', gap: '0.25rem 1rem', margin: 0 }}>
            <dt>Weekly repayment</dt>
            <dt>Rate</dt>
            <dt>Comparison rate</dt>
            <dd css={{ margin: 0, fontSize: '1.375rem', fontWeight: 700 }} data-testid="quote-weekly">
              {formatDollars(Math.round(quote.quote.weeklyRepaymentAmount))}
            </dd>
            <dd css={{ margin: 0, fontWeight: 600 }}>{quote.quote.advertisedRate.toFixed(2)}% p.a.</dd>
            <dd css={{ margin: 0, fontWeight: 600 }}>{quote.quote.comparisonRate.toFixed(2)}% p.a.</dd>
          </dl>
        </>
      ) : quote.status === 'failed' && variant === 'page' ? (
        <p role="alert" css={{ margin: 0 }}>
          {QUOTE_FAILED}
        </p>
      ) : (
        <p css={{ margin: 0, color: SURFACE.muted }}>
          {quote.status === 'loading' ? 'Getting your quote…' : 'Your instant quote appears here.'}
        </p>
      )}
    </div>
  );
}

/** The code field with the send state (spec: 'Resend Code', the code input enabled once sent). */
function CodeStep({
  phone,
  verification,
  onResend,
}: {
  phone: string;
  verification: ReturnType<typeof usePhoneVerification>;
  onResend: () => void;
}) {
  return (
    <>
      <p role="status" css={{ margin: '0 0 0.75rem' }}>
        {verification.notice ?? `We will send a 6-digit code to ${formatPhone(phone)}.`}
      </p>
      {verification.phoneError && (
        <p role="alert" css={{ margin: '0 0 0.75rem', color: DANGER.text, fontWeight: 600 }}>
          {verification.phoneError}
        </p>
      )}
      <TextField
        name="code"
        label="Verification code"
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        parse={digitsOnly}
      />
      <p css={{ margin: '-0.25rem 0 1rem' }}>
        <button
          type="button"
          onClick={onResend}
          disabled={verification.step === 'sending'}
          css={css`
            font: inherit;
            background: none;
            border: none;
            padding: 0;
            color: inherit;
            text-decoration: underline;
            cursor: pointer;
          `}
        >
          {verification.step === 'sending' ? 'Sending…' : 'Resend Code'}
        </button>
      </p>
    </>
  );
}

/**
 * The finance enquiry in four steps (spec: Quick Estimate, Your Details, Instant pre-approval,
 * Apply to lender): the quote figures as the shopper types (where the site has the partner),
 * their details, the one-time code sent to their mobile and checked, then the application: the
 * finance lead stored, the partner's customer created and the shopper sent to the partner.
 */
export function FinanceEnquiryForm({
  query,
  car,
  variant,
  creditCheck = false,
  financeShown = true,
}: FinanceEnquiryFormProps) {
  const tenant = useTenant();
  const partner = tenant.finance.instantQuote;
  const verification = usePhoneVerification();
  const phoneRef = useRef('');
  // Without a price in the link, the chosen car's price is the amount (spec: 'amount = price').
  const initialValues = useMemo(
    () =>
      initialEnquiryValues(
        query.price === null && car && car.price > 10 ? { ...query, price: car.price } : query,
        storedUserDetails(),
      ),
    [query, car],
  );
  const send = useMemo(() => submitFinanceEnquiry(), []);
  // From Your Details on, the Equifax finance page's steps also need the consent to the credit check.
  const detailsSchema = creditCheck ? detailsStepSchema.extend(creditCheckShape) : detailsStepSchema;
  const applySchema = creditCheck ? financeEnquirySchema.extend(creditCheckShape) : financeEnquirySchema;

  const sendCode = async (values: Record<string, unknown>) => {
    const phone = String(values['phoneNumber'] ?? '');
    phoneRef.current = phone;
    const error = await verification.sendCode(phone, {
      first_name: String(values['firstName'] ?? ''),
      last_name: String(values['lastName'] ?? ''),
      email: String(values['email'] ?? ''),
      ...(car
        ? { dealership_slug: car.dealership_slug }
        : query.preferredDealership
          ? { dealership_slug: query.preferredDealership }
          : {}),
    });
    return error ? { phoneNumber: error } : undefined;
  };

  const steps: FormStep[] = [
    {
      title: FINANCE_STEP_LABELS[0],
      schema: estimateStepSchema,
      content: (
        <>
          <TextField
            name="purchasePrice"
            label="Purchase price"
            required
            inputMode="numeric"
            parse={digitsOnly}
            hint={`Between ${formatDollars(QUOTE_PRICE_MIN)} and ${formatDollars(QUOTE_PRICE_MAX)}`}
          />
          <LoanTermField />
          <RadioGroupField
            name="selfAssessedCreditScore"
            label="Your credit score"
            required
            options={CREDIT_SCORES.map((value) => ({ value, label: CREDIT_LABELS[value] }))}
          />
          <RadioGroupField
            name="whoIsHelping"
            label="Who is applying"
            required
            options={WHO_IS_HELPING.map((value) => ({ value, label: value }))}
          />
          {partner && <InstantQuote variant={variant} car={car} financeShown={financeShown} />}
        </>
      ),
    },
    {
      title: FINANCE_STEP_LABELS[1],
      schema: detailsSchema,
      content: (
        <>
          <TextField name="firstName" label="First Name" required autoComplete="given-name" />
          <TextField name="lastName" label="Last Name" required autoComplete="family-name" />
          <TextField name="email" label="Email Address" required type="email" inputMode="email" autoComplete="email" />
          <TextField
            name="phoneNumber"
            label="Mobile Number"
            required
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            hint="We send a code to this number to confirm it is yours."
          />
          <TextField
            name="postCode"
            label="Postcode"
            required
            inputMode="numeric"
            placeholder="1234"
            maxLength={4}
            parse={digitsOnly}
          />
          <CheckboxField name="subscribe" label="Email me similar stock and latest offers." summaryLabel="Email me" />
          {creditCheck && (
            <CheckboxField
              name="creditCheckConsent"
              label={`I agree to ${tenant.name} obtaining my credit report from Equifax to assess this finance application.`}
              summaryLabel="Credit check"
            />
          )}
        </>
      ),
      // Spec: 'Phone validated before a code is sent': the step's schema checked it; then the code goes out.
      onNext: async (values) => {
        try {
          return await sendCode(values);
        } catch {
          return { [FORM_ERROR]: UNKNOWN_STEP_ERROR };
        }
      },
    },
    {
      title: FINANCE_STEP_LABELS[2],
      schema: detailsSchema.extend({ code: codeSchema }),
      content: (
        <CodeStep
          phone={phoneRef.current}
          verification={verification}
          onResend={() => void verification.sendCode(phoneRef.current)}
        />
      ),
      onNext: async (values) => {
        try {
          const error = await verification.verify(
            String(values['phoneNumber'] ?? ''),
            String(values['code'] ?? ''),
            car?.dealership_slug ?? query.preferredDealership ?? undefined,
          );
          return error ? { code: error } : undefined;
        } catch {
          return { [FORM_ERROR]: UNKNOWN_STEP_ERROR };
        }
      },
    },
    {
      title: FINANCE_STEP_LABELS[3],
      schema: applySchema,
      content: (
        <>
          <ApplySummary car={car} partner={partner} />
          {partner && <InstantQuote variant={variant} car={car} financeShown={financeShown} />}
        </>
      ),
    },
  ];

  return (
    <div
      id="finance-form"
      css={css`
        label: mf-finance-enquiry;
        scroll-margin-top: 5rem;
      `}
    >
      <StepForm<FinanceEnquiryValues>
        label="Finance enquiry"
        initialValues={initialValues}
        steps={steps}
        stepList
        submitLabel={partner ? 'Apply now' : 'Send enquiry'}
        onSubmit={async (values) => {
          const parsed = applySchema.safeParse(values);
          if (!parsed.success) return { [FORM_ERROR]: UNKNOWN_ERROR };
          rememberUserDetails({
            name: parsed.data.firstName,
            last_name: parsed.data.lastName,
            email: parsed.data.email,
            phone: parsed.data.phoneNumber,
            postcode: parsed.data.postCode,
          });
          const outcome = await send({ values: parsed.data, query, car, partner, creditCheck });
          // Spec analytics 9: a finance enquiry sent from an embedded form (the popup).
          if (outcome.status !== 'failed' && variant === 'popup')
            void track(EMBEDDED_FINANCE_ENQUIRY_EVENT, { car_id: car?.id ?? null });
          if (outcome.status === 'redirect') {
            window.location.assign(outcome.url);
            return undefined;
          }
          if (outcome.status === 'stored') {
            window.location.assign(outcome.successPath);
            return undefined;
          }
          return outcome.field ? { [outcome.field]: outcome.message } : { [FORM_ERROR]: outcome.message };
        }}
      />
    </div>
  );
}

/** Step 4: what is being sent, in the shopper's words. */
function ApplySummary({ car, partner }: { car: FinanceEnquiryCar | null; partner: boolean }) {
  const { values } = useFormState<FinanceEnquiryValues>({ subscription: { values: true } });
  const price = Number(digitsOnly(String(values.purchasePrice ?? ''))) || 0;
  return (
    <div css={{ marginBottom: '1rem' }}>
      <dl
        css={css`
          display: grid;
          grid-template-columns: max-content 1fr;
          gap: 0.35rem 1rem;
          margin: 0 0 0.75rem;
          dt {
            color: ${SURFACE.muted};
          }
          dd {
            margin: 0;
            font-weight: 600;
          }
        `}
      >
        {car && (
          <>
            <dt>Car</dt>
            <dd>{car.name}</dd>
          </>
        )}
        <dt>Amount</dt>
        <dd>{formatDollars(price)}</dd>
        <dt>Term</dt>
        <dd>{`${values.loanTerm} years`}</dd>
        <dt>Credit score</dt>
        <dd>
          {CREDIT_LABELS[values.selfAssessedCreditScore as keyof typeof CREDIT_LABELS] ??
            values.selfAssessedCreditScore}
        </dd>
        <dt>Mobile</dt>
        <dd>{formatPhone(String(values.phoneNumber ?? ''))} (confirmed)</dd>
      </dl>
      <p css={{ margin: 0, color: SURFACE.muted }}>
        {partner
          ? 'We pass your application to our finance partner, who confirms your pre-approval and takes you through the rest of the application.'
          : 'Our finance team receives your enquiry and calls you back with your options.'}
      </p>
    </div>
  );
}
