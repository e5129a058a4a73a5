import { css } from '@emotion/react';
import { useId } from 'react';
import type { DealerLocation } from '../../../contract';
import { blockLocations, filterLocations, type BlockMode, type FilterMode } from '../../../lib/select';
import { useSiteLocations } from '../../../lib/api/locations';
import { LocationCard } from '../../location-card/components/location-card';
import { LocationMap } from '../../location-map/components/location-map';

/** Props of the exposed `mf_locations/LocationBlock`: every one optional, so `{}` shows the primary location. */
export interface LocationBlockProps {
  /** Which locations (spec: primary, sales, service, parts, service-and-parts, all); default 'primary'. */
  mode?: BlockMode;
  /** One location by its id instead of a mode. */
  id?: string;
  /** Narrows the block (spec filter modes: buying, sales, service, service-no-make, parts, parts-no-make). */
  filter?: FilterMode;
  /** The car's make, for the service and parts filters (locations that work on that make). */
  make?: string;
  /** A heading over the block; none by default (the page around it usually has one). */
  heading?: string;
}

/**
 * The locations a block shows (spec: 'One location shows a full card with map; several show a
 * grid'): the full card for one, a map of them all above a grid of cards for several.
 */
export function LocationGrid({ locations, label }: { locations: readonly DealerLocation[]; label: string }) {
  if (locations.length === 1) return <LocationCard location={locations[0]!} full />;
  return (
    <div css={{ display: 'grid', gap: '1rem' }}>
      <LocationMap
        places={locations.map((location) => ({
          slug: location.slug,
          name: location.name,
          lat: location.address.lat,
          lng: location.address.long,
        }))}
        label={label}
      />
      <div
        css={css`
          label: mf-locations-grid;
          display: grid;
          gap: 1rem;
          grid-template-columns: repeat(auto-fill, minmax(min(100%, 18rem), 1fr));
          align-items: start;
        `}
      >
        {locations.map((location) => (
          <LocationCard key={location.id} location={location} />
        ))}
      </div>
    </div>
  );
}

/** The exposed `mf_locations/LocationBlock`: a block of the site's locations on any team's page. */
export default function LocationBlock({ mode = 'primary', id, filter, make, heading }: LocationBlockProps) {
  const loaded = useSiteLocations();
  const headingId = useId();
  if (loaded.status !== 'ready') return null;
  const chosen = blockLocations(loaded.value, id ? { id } : { mode });
  const shown = filter ? filterLocations(chosen, filter, make) : chosen;
  if (shown.length === 0) return null;
  return (
    <section
      data-boundary="mf-locations"
      aria-labelledby={heading ? headingId : undefined}
      aria-label={heading ? undefined : 'Our locations'}
      css={css`
        label: mf-locations-block;
      `}
    >
      {heading && (
        <h2 id={headingId} css={{ fontSize: '1.5rem', margin: '0 0 1rem' }}>
          {heading}
        </h2>
      )}
      <LocationGrid locations={shown} label={heading ?? 'Map of our locations'} />
    </section>
  );
}
