import { css } from '@emotion/react';
import { DANGER, formatDollars, SURFACE, useTenant } from '@forecourt/shared-config';
import { deliveryPostcodeProblem } from '@forecourt/shared-config/delivery';
import { useId, useState, type FormEvent } from 'react';
import type { DeliveryQuote } from '../../../contract';
import { quoteDelivery } from '../api/delivery-quote';

type DeliveryState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'result'; quote: DeliveryQuote }
  | { status: 'error'; message: string };

/**
 * The delivery calculator (spec §2, §4, §8): a postcode and Check; idle, loading, then the
 * region and price or an error ('Please enter a postcode.' for none, the 'Sorry, we can't provide
 * an estimate' text for a place the site does not deliver to or a failed call).
 */
export function DeliveryCalculator({ carId }: { carId: string }) {
  const tenant = useTenant();
  const inputId = useId();
  const messageId = useId();
  const [postcode, setPostcode] = useState('');
  const [state, setState] = useState<DeliveryState>({ status: 'idle' });

  const check = async (event: FormEvent) => {
    event.preventDefault();
    const problem = deliveryPostcodeProblem(postcode);
    if (problem) {
      setState({ status: 'error', message: problem });
      return;
    }
    setState({ status: 'loading' });
    const answer = await quoteDelivery(postcode.trim(), carId);
    setState(answer.ok ? { status: 'result', quote: answer.quote } : { status: 'error', message: answer.message });
  };

  return (
    <section
      aria-labelledby={`${inputId}-heading`}
      css={css`
        label: mf-vehicle-delivery;
        padding: 1rem 1.25rem;
        border: 1px solid ${SURFACE.border};
        border-radius: ${SURFACE.radius};
      `}
    >
      <h2 id={`${inputId}-heading`} css={{ fontSize: '1.125rem', margin: '0 0 0.5rem' }}>
        Delivery calculator
      </h2>
      <form
        onSubmit={(e) => void check(e)}
        noValidate
        css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'flex-end' }}
      >
        <div css={{ display: 'grid', gap: '0.3rem' }}>
          <label htmlFor={inputId} css={{ fontWeight: 600 }}>
            Your postcode
          </label>
          <input
            id={inputId}
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="1234"
            maxLength={4}
            value={postcode}
            onChange={(e) => setPostcode(e.target.value.replace(/\D/g, ''))}
            aria-describedby={messageId}
            aria-invalid={state.status === 'error' ? true : undefined}
            css={css`
              font: inherit;
              width: 7rem;
              padding: 0.55rem 0.7rem;
              border: 1px solid ${SURFACE.fieldBorder};
              border-radius: 6px;
            `}
          />
        </div>
        <button
          type="submit"
          disabled={state.status === 'loading'}
          css={css`
            font: inherit;
            font-weight: 600;
            min-height: 2.6rem;
            padding: 0.5rem 1.1rem;
            border-radius: 6px;
            border: 0;
            color: ${SURFACE.onInverse};
            background: ${tenant.theme.primary};
            cursor: pointer;
            &:disabled {
              opacity: 0.7;
              cursor: progress;
            }
          `}
        >
          {state.status === 'loading' ? 'Checking…' : 'Check'}
        </button>
      </form>
      <div id={messageId} aria-live="polite" css={{ marginTop: '0.6rem' }}>
        {state.status === 'result' && (
          <p css={{ margin: 0 }} data-delivery="result">
            {`Delivery to ${state.quote.name}: `}
            <strong>{state.quote.price === 0 ? 'Free' : formatDollars(state.quote.price)}</strong>
          </p>
        )}
        {state.status === 'error' && (
          <p role="alert" css={{ margin: 0, color: DANGER.text }} data-delivery="error">
            {state.message}
          </p>
        )}
      </div>
    </section>
  );
}
