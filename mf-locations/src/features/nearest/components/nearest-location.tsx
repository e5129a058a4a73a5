import { css } from '@emotion/react';
import { DANGER, formatNumber, readableTextOn, SURFACE, useTenant } from '@forecourt/shared-config';
import { useId, useState, type FormEvent } from 'react';
import type { DealerLocation } from '../../../contract';
import { fetchNearest } from '../../../lib/api/locations';
import { LocationCard } from '../../location-card/components/location-card';

/** Spec: 'Invalid postcode. Please enter a 4-digit number.' */
export const POSTCODE_FORMAT_TEXT = 'Invalid postcode. Please enter a 4-digit number.';

type State =
  | { status: 'idle' }
  | { status: 'finding' }
  | { status: 'found'; location: DealerLocation; distanceKm: number; region: string }
  | { status: 'error'; message: string };

/**
 * 'Find the nearest location to my postcode', on sites with several locations: the postcode is
 * checked here (4 digits, the form's rule), placed by the platform's geocoder and measured to
 * each location (haversine, 6371 km). An unknown postcode reads 'Invalid postcode'.
 */
export function NearestLocation({ locations }: { locations: readonly DealerLocation[] }) {
  const { theme } = useTenant();
  const [postcode, setPostcode] = useState('');
  const [state, setState] = useState<State>({ status: 'idle' });
  const inputId = useId();
  const errorId = useId();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}$/.test(postcode)) {
      setState({ status: 'error', message: POSTCODE_FORMAT_TEXT });
      return;
    }
    setState({ status: 'finding' });
    try {
      const result = await fetchNearest(postcode);
      if (!result.ok) return setState({ status: 'error', message: result.error });
      const nearest = result.answer.locations
        .map((entry) => ({ entry, location: locations.find((candidate) => candidate.slug === entry.slug) }))
        .find((pair) => pair.location);
      if (!nearest?.location)
        return setState({ status: 'error', message: 'We could not find a location near you. Please call us.' });
      setState({
        status: 'found',
        location: nearest.location,
        distanceKm: nearest.entry.distance_km,
        region: result.answer.region,
      });
    } catch {
      setState({ status: 'error', message: 'We could not look up your postcode just now. Please try again.' });
    }
  };
  return (
    <section
      aria-label="Find your nearest location"
      css={css`
        label: mf-locations-nearest;
        padding: 1rem 1.25rem;
        border: 1px solid ${SURFACE.border};
        border-radius: ${SURFACE.radius};
        background: ${SURFACE.panel};
      `}
    >
      <form
        onSubmit={onSubmit}
        noValidate
        css={{ display: 'flex', alignItems: 'flex-end', gap: '0.75rem', flexWrap: 'wrap' }}
      >
        <div>
          <label htmlFor={inputId} css={{ display: 'block', fontWeight: 600, marginBottom: '0.25rem' }}>
            Your postcode
          </label>
          <input
            id={inputId}
            value={postcode}
            onChange={(event) => setPostcode(event.target.value.replace(/\D/g, '').slice(0, 4))}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={4}
            placeholder="1234"
            aria-invalid={state.status === 'error' ? true : undefined}
            aria-describedby={state.status === 'error' ? errorId : undefined}
            css={{
              font: 'inherit',
              width: '7rem',
              padding: '0.5rem 0.65rem',
              border: `1px solid ${SURFACE.border}`,
              borderRadius: 6,
            }}
          />
        </div>
        <button
          type="submit"
          disabled={state.status === 'finding'}
          css={{
            font: 'inherit',
            fontWeight: 700,
            minHeight: '2.6rem',
            padding: '0.5rem 1rem',
            borderRadius: 6,
            border: 'none',
            background: theme.primary,
            color: readableTextOn(theme.primary),
            cursor: 'pointer',
          }}
        >
          {state.status === 'finding' ? 'Finding…' : 'Find nearest'}
        </button>
      </form>
      <div aria-live="polite">
        {state.status === 'error' && (
          <p id={errorId} role="alert" css={{ margin: '0.5rem 0 0', color: DANGER.text }}>
            {state.message}
          </p>
        )}
        {state.status === 'found' && (
          <div css={{ marginTop: '0.75rem', display: 'grid', gap: '0.75rem' }}>
            <p css={{ margin: 0 }} data-testid="nearest-answer">
              {`Nearest to ${postcode} (${state.region}): `}
              <strong>{state.location.name}</strong>
              {`, ${formatNumber(state.distanceKm, { maximumFractionDigits: 1 })} km away`}
            </p>
            <LocationCard location={state.location} />
          </div>
        )}
      </div>
    </section>
  );
}
