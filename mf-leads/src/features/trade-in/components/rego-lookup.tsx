import { css } from '@emotion/react';
import { SURFACE } from '@forecourt/shared-config';
import { DANGER, SelectField, TextField, useForm, useFormState } from '@forecourt/shared-config/form';
import { useState } from 'react';
import { lookUpRego } from '../api/valuation';
import { REGO_STATES } from '../lib/valuation';

type Lookup =
  | { status: 'idle' }
  | { status: 'looking' }
  | { status: 'found'; summary: string }
  | { status: 'problem'; message: string };

const upper = (value: string) => value.toUpperCase();

/**
 * Find the car by its plate (spec §7 rego lookup: rego, regoState): the register's answer fills
 * the year, make, model and badge; a plate it does not know leaves them to the shopper.
 */
export function RegoLookup() {
  const form = useForm();
  const { values } = useFormState({ subscription: { values: true } });
  const [lookup, setLookup] = useState<Lookup>({ status: 'idle' });
  const find = async () => {
    setLookup({ status: 'looking' });
    const answer = await lookUpRego(String(values['rego'] ?? ''), String(values['regoState'] ?? ''));
    if (!answer.ok) {
      setLookup({ status: 'problem', message: answer.message });
      return;
    }
    const { year, make, model, badge } = answer.vehicle;
    form.batch(() => {
      form.change('year', String(year));
      form.change('make', make);
      form.change('model', model);
      form.change('badge', badge ?? undefined);
    });
    setLookup({ status: 'found', summary: `${year} ${make} ${model}${badge ? ` ${badge}` : ''}` });
  };
  return (
    <div
      css={css`
        label: mf-leads-rego-lookup;
        padding: 1rem;
        margin: 0 0 1rem;
        border: 1px solid ${SURFACE.border};
        border-radius: ${SURFACE.radius};
        background: ${SURFACE.panel};
      `}
    >
      <div
        css={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
          columnGap: '1rem',
          alignItems: 'end',
        }}
      >
        <TextField name="rego" label="Rego" maxLength={12} autoComplete="off" parse={upper} />
        <SelectField
          name="regoState"
          label="State"
          placeholder="State"
          options={REGO_STATES.map((state) => ({ value: state, label: state }))}
        />
        <div css={{ marginBottom: '1rem' }}>
          <button
            type="button"
            onClick={() => void find()}
            disabled={lookup.status === 'looking' || !values['rego'] || !values['regoState']}
            css={css`
              font: inherit;
              font-weight: 600;
              width: 100%;
              min-height: 2.75rem;
              padding: 0.55rem 1rem;
              border-radius: 6px;
              border: 1px solid ${SURFACE.strong};
              background: ${SURFACE.background};
              cursor: pointer;
              &:disabled {
                opacity: 0.55;
                cursor: not-allowed;
              }
            `}
          >
            {lookup.status === 'looking' ? 'Finding…' : 'Find My Car'}
          </button>
        </div>
      </div>
      <p
        role="status"
        css={{ margin: 0, fontSize: '0.9375rem', color: lookup.status === 'problem' ? DANGER.text : SURFACE.muted }}
      >
        {lookup.status === 'found'
          ? `Found: ${lookup.summary}. Check the details below.`
          : lookup.status === 'problem'
            ? lookup.message
            : 'Enter your rego and state to fill in your car’s details, or type them below.'}
      </p>
    </div>
  );
}
