import { FragmentCard, paths, SUCCESS, SURFACE, telHref, useTenant } from '@forecourt/shared-config';
import { statusNow } from '../../../lib/hours';
import { blockLocations } from '../../../lib/select';
import { useSiteLocations } from '../../../lib/api/locations';
import { locationTitle } from '../../location-page/lib/location-copy';

/** Other teams pass these through RemoteFragment, so everything added stays optional. */
export interface DealerContactProps {
  /** One location's card (the `/contact-us/{slug}` page), else the site's primary location. */
  locationSlug?: string;
}

/**
 * The exposed `mf_locations/DealerContact` fragment: a location's name, address, phone, whether it
 * is open now, and a link to its real page (the site's primary location, with a link to all
 * locations, when none is named). Until the locations arrive, or if they cannot, it shows the
 * site's own phone and city, so the contact page is never without a way to call.
 */
export default function DealerContact({ locationSlug }: DealerContactProps) {
  const tenant = useTenant();
  const loaded = useSiteLocations();
  const slug = locationSlug?.trim() || null;
  const all = loaded.status === 'ready' ? loaded.value : [];
  const location = slug
    ? all.find((candidate) => candidate.slug === slug)
    : blockLocations(all, { mode: 'primary' })[0];
  if (!location) {
    const { phone, city, state } = tenant.contact;
    return (
      <FragmentCard team="mf-locations" heading={slug ? locationTitle(slug, tenant) : tenant.name}>
        <p css={{ margin: '0 0 0.25rem' }}>
          {city}, {state}
        </p>
        <p css={{ margin: 0 }}>
          <a href={telHref(phone)} aria-label={`Call ${tenant.name} on ${phone}`} css={{ fontWeight: 700 }}>
            {phone}
          </a>
        </p>
      </FragmentCard>
    );
  }
  const type = location.location_type;
  const status = location.contact_detail.opening_hours[type] ? statusNow(location, type, new Date()) : null;
  const { street, city, state, postcode } = location.address;
  return (
    <FragmentCard team="mf-locations" heading={location.name}>
      <address css={{ fontStyle: 'normal', margin: '0 0 0.25rem' }} data-dealer-text>
        {street}, {city} {state} {postcode}
      </address>
      <p css={{ margin: '0 0 0.25rem' }}>
        <a
          href={telHref(location.contact_detail.phone)}
          aria-label={`Call ${location.name} on ${location.contact_detail.phone}`}
          css={{ fontWeight: 700 }}
        >
          {location.contact_detail.phone}
        </a>
      </p>
      {status && (
        <p css={{ margin: '0 0 0.75rem', color: status.open ? SUCCESS.text : SURFACE.muted, fontWeight: 600 }}>
          {status.text}
        </p>
      )}
      <p css={{ margin: 0, display: 'flex', gap: '1rem', flexWrap: 'wrap' }}>
        <a href={paths.ourLocation(location.slug)}>View this location</a>
        {!slug && all.length > 1 && <a href="/dealer-locator">View our locations</a>}
      </p>
    </FragmentCard>
  );
}
