import { css } from '@emotion/react';
import { formatDollars, SURFACE, track, useTenant, WARNING } from '@forecourt/shared-config';
import {
  FormAlert,
  RadioGroupField,
  StepForm,
  TextAreaField,
  TextField,
  useFormState,
} from '@forecourt/shared-config/form';
import { rememberLastLead, LEAD_SUBMIT_ERROR } from '@forecourt/shared-config/leads';
import { useMemo, useState } from 'react';
import { ContactFields, OptInField, TermsField } from '../../lead-forms/components/contact-fields';
import { useInitialValues } from '../../lead-forms/components/initial-values';
import { useLeadSubmit } from '../../lead-forms/components/use-lead-submit';
import { LEAD_EVENTS } from '../../lead-forms/lib/lead-events';
import {
  answersShape,
  CONDITIONS,
  CONTACT_METHODS,
  KEYS,
  ONLINE_MAX_AGE_YEARS,
  ONLINE_MAX_KM,
  SERVICE_HISTORIES,
  tradeInGuidance,
  tradeInSchema,
  vehicleShape,
  YES_NO,
} from '../lib/valuation';
import type { Valuation } from '../../../contract';
import { acceptOffer, saveValuation, valuationOf } from '../api/valuation';
import { RegoLookup } from './rego-lookup';
import { z } from 'zod';

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const kmText = (value: string) => value.replace(/[^\d,]/g, '');

/** Spec §9 guidance, shown as soon as the car's year or kilometres pass the limits. */
function GuidanceNote() {
  const { values } = useFormState({ subscription: { values: true } });
  const year = Number(values['year']);
  const km = Number(String(values['km'] ?? '').replace(/\D/g, ''));
  const old = year > 1900 && new Date().getFullYear() - year > ONLINE_MAX_AGE_YEARS;
  if (!old && !(km > ONLINE_MAX_KM)) return null;
  return (
    <p
      role="note"
      css={{
        margin: '0 0 1rem',
        padding: '0.75rem 1rem',
        borderRadius: 6,
        background: WARNING.background,
        color: WARNING.text,
      }}
    >
      {`${tradeInGuidance()} Send your details and we will call you to arrange a valuation.`}
    </p>
  );
}

type Result = { leadId: string; valuation: Valuation | null };

/** The valuation's answer: the offer with Accept Offer, or the guidance and a call back. */
function ValuationResult({ result, variant }: { result: Result; variant: 'trade-in' | 'sell' }) {
  const tenant = useTenant();
  const [state, setState] = useState<'idle' | 'accepting' | 'failed'>('idle');
  const valuation = result.valuation;
  const accept = async () => {
    setState('accepting');
    const leadId = await acceptOffer(result.leadId);
    if (!leadId) {
      // Spec §8 submit failure: the browser's alert, and the message kept on the offer below.
      window.alert(LEAD_SUBMIT_ERROR);
      setState('failed');
      return;
    }
    void track(LEAD_EVENTS['offer-accepted'], { lead_id: leadId });
    rememberLastLead({ leadId, form: 'trade-in', car: null });
    location.assign('/success');
  };
  return (
    <section
      aria-live="polite"
      css={css`
        label: mf-leads-valuation;
        padding: 1.25rem;
        border: 1px solid ${SURFACE.border};
        border-radius: ${SURFACE.radius};
      `}
    >
      {valuation?.status === 'offer' ? (
        <>
          <h2 css={{ margin: '0 0 0.5rem', fontSize: '1.25rem' }}>Your estimated offer</h2>
          <p css={{ margin: '0 0 0.25rem', fontSize: '2rem', fontWeight: 800 }} data-offer>
            {formatDollars(valuation.offer)}
          </p>
          <p
            css={{ margin: '0 0 1rem', color: SURFACE.muted }}
          >{`Likely range ${formatDollars(valuation.low)} to ${formatDollars(valuation.high)}, subject to an inspection. Valid for 7 days.`}</p>
          {state === 'failed' && (
            <FormAlert title={LEAD_SUBMIT_ERROR}>Please try again, or call us on {tenant.contact.phone}.</FormAlert>
          )}
          <button
            type="button"
            onClick={() => void accept()}
            disabled={state === 'accepting'}
            css={css`
              font: inherit;
              font-weight: 700;
              min-height: 2.75rem;
              padding: 0.6rem 1.4rem;
              border-radius: 6px;
              border: 1px solid ${tenant.theme.primary};
              background: ${tenant.theme.primary};
              color: ${SURFACE.onInverse};
              cursor: pointer;
            `}
          >
            {state === 'accepting' ? 'Sending…' : variant === 'sell' ? 'Accept Offer' : 'Accept Offer and Trade In'}
          </button>
          <p css={{ margin: '0.75rem 0 0', fontSize: '0.875rem', color: SURFACE.muted }}>
            Accepting lets us book your inspection. Nothing is final until you sign.
          </p>
        </>
      ) : (
        <>
          <h2 css={{ margin: '0 0 0.5rem', fontSize: '1.25rem' }}>Thanks, we have your car’s details</h2>
          <p css={{ margin: '0 0 0.5rem' }}>{tradeInGuidance()}</p>
          <p css={{ margin: 0 }}>{`${tenant.name} will call you to arrange a valuation.`}</p>
        </>
      )}
    </section>
  );
}

/**
 * The trade-in and sell-your-car valuation wizard (spec §2, §7): the car (by rego, or typed),
 * its condition (the adjustment answers), the shopper's details with the extras (preferred
 * contact method, finance, a trade-in); then the offer from the estimator, and Accept Offer.
 */
export function TradeInWizard({ variant, carId = null }: { variant: 'trade-in' | 'sell'; carId?: string | null }) {
  const tenant = useTenant();
  const [result, setResult] = useState<Result | null>(null);
  const schema = useMemo(() => tradeInSchema(tenant.leads), [tenant.leads]);
  const carStep = useMemo(() => z.object(vehicleShape()).loose(), []);
  const conditionStep = useMemo(() => z.object({ ...vehicleShape(), ...answersShape }).loose(), []);
  const initialValues = useInitialValues({ PreferredContactMethod: 'Phone', car_id: carId });
  const onSubmit = useLeadSubmit({
    form: 'trade-in',
    event: variant === 'sell' ? 'sell-my-car' : 'trade-in',
    onSent: (leadId, answer) => {
      const valuation = valuationOf(answer);
      if (valuation && tenant.leads.saveValuation) void saveValuation(leadId, valuation);
      if (valuation?.status !== 'offer') rememberLastLead({ leadId, form: 'trade-in', car: null });
      setResult({ leadId, valuation });
      window.scrollTo({ top: 0 });
    },
  });
  if (result) return <ValuationResult result={result} variant={variant} />;
  return (
    <StepForm
      label={variant === 'sell' ? 'Sell your car' : 'Trade-in valuation'}
      initialValues={initialValues}
      onSubmit={onSubmit}
      submitLabel="Get My Valuation"
      steps={[
        {
          title: 'Your car',
          schema: carStep,
          content: (
            <>
              <RegoLookup />
              <div
                css={{
                  display: 'grid',
                  gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))',
                  columnGap: '1rem',
                }}
              >
                <TextField name="year" label="Year" required inputMode="numeric" maxLength={4} placeholder="2019" />
                <TextField name="make" label="Make" required maxLength={60} />
                <TextField name="model" label="Model" required maxLength={60} />
                <TextField name="badge" label="Badge (optional)" maxLength={60} />
                <TextField
                  name="km"
                  label="Kilometres"
                  required
                  inputMode="numeric"
                  maxLength={9}
                  placeholder="85,000"
                  parse={kmText}
                />
              </div>
              <GuidanceNote />
            </>
          ),
        },
        {
          title: 'Its condition',
          schema: conditionStep,
          content: (
            <>
              <RadioGroupField name="condition" label="Overall condition" required options={options(CONDITIONS)} />
              <RadioGroupField name="accident" label="Has it been in an accident?" required options={options(YES_NO)} />
              <RadioGroupField
                name="service_history"
                label="Service history"
                required
                options={options(SERVICE_HISTORIES)}
              />
              <RadioGroupField name="keys" label="Keys" required options={options(KEYS)} />
            </>
          ),
        },
        {
          title: 'Your details',
          schema,
          content: (
            <>
              <ContactFields />
              <RadioGroupField
                name="PreferredContactMethod"
                label="Preferred contact method"
                required
                options={options(CONTACT_METHODS)}
              />
              <RadioGroupField name="finance" label="Would you like finance?" options={options(YES_NO)} />
              {variant === 'sell' && (
                <RadioGroupField name="trade_in" label="Do you have a trade-in?" options={options(YES_NO)} />
              )}
              <TextAreaField name="message" label="Anything else we should know? (optional)" maxLength={5000} />
              <OptInField />
              <TermsField />
            </>
          ),
        },
      ]}
    />
  );
}
