import { css } from '@emotion/react';
import { SURFACE, useTenant } from '@forecourt/shared-config';
import { useState } from 'react';
import { directionsUrl } from '../../../lib/directions';
import { locatedAtShown, locatedAtText } from '../../../lib/located-at';
import { dealershipPrimary } from '../../../lib/select';
import { useSiteLocations } from '../../../lib/api/locations';

/** Props of the exposed `mf_locations/LocatedAt` (mf-vehicle's page passes the car's). */
export interface LocatedAtProps {
  /** The city the car is at. */
  carCity: string;
  /** The car's dealership: its primary location's city is the one shoppers expect. */
  dealershipSlug: string;
  /** The car's own location, for Get Directions (the dealership's primary location otherwise). */
  locationSlug?: string;
}

/** Dismissed bars, per page view's car city and dealership, for this browser tab's session. */
const DISMISSED_KEY = 'forecourt:located-at-dismissed';

function dismissedBefore(key: string): boolean {
  try {
    return (JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]') as string[]).includes(key);
  } catch {
    return false;
  }
}

function rememberDismissed(key: string): void {
  try {
    const keys = JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]') as string[];
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify([...new Set([...keys, key])].slice(-50)));
  } catch {
    // Private mode without storage: the bar stays dismissed for this page only.
  }
}

/**
 * The exposed `mf_locations/LocatedAt` (spec: "Announcement bar 'Located at {city}' with Get
 * Directions, on a vehicle page when the car's city differs from the dealership's primary city;
 * dismissible"). A shopper who dismisses it does not see it again for that city and dealership in
 * this tab.
 */
export default function LocatedAt({ carCity, dealershipSlug, locationSlug }: LocatedAtProps) {
  const { theme } = useTenant();
  const loaded = useSiteLocations();
  const key = `${dealershipSlug}:${carCity.trim().toLowerCase()}`;
  const [dismissed, setDismissed] = useState(() => dismissedBefore(key));
  if (loaded.status !== 'ready' || dismissed) return null;
  const primary = dealershipPrimary(loaded.value, dealershipSlug);
  if (!locatedAtShown(carCity, primary?.address.city ?? null)) return null;
  const destination = loaded.value.find((location) => location.slug === locationSlug) ?? primary!;
  return (
    <aside
      data-boundary="mf-locations"
      aria-label="Where this car is"
      css={css`
        label: mf-locations-located-at;
        display: flex;
        align-items: center;
        gap: 0.75rem 1rem;
        flex-wrap: wrap;
        padding: 0.75rem 1rem;
        margin: 0 0 1rem;
        border-radius: ${SURFACE.radius};
        border: 1px solid ${theme.primary};
        background: ${SURFACE.wash};
      `}
    >
      <p css={{ margin: 0, fontWeight: 700, flex: '1 1 12rem' }}>{locatedAtText(carCity)}</p>
      <a href={directionsUrl(destination.address)} target="_blank" rel="noopener noreferrer" css={{ fontWeight: 600 }}>
        Get Directions
      </a>
      <button
        type="button"
        aria-label={`Dismiss: ${locatedAtText(carCity)}`}
        onClick={() => {
          rememberDismissed(key);
          setDismissed(true);
        }}
        css={{
          font: 'inherit',
          fontSize: '1.25rem',
          lineHeight: 1,
          width: '2.25rem',
          height: '2.25rem',
          borderRadius: '50%',
          border: `1px solid ${SURFACE.border}`,
          background: SURFACE.background,
          cursor: 'pointer',
        }}
      >
        ×
      </button>
    </aside>
  );
}
