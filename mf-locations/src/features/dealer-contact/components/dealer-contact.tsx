import { FragmentCard, paths, telHref, useTenant } from '@forecourt/shared-config';
import { locationTitle } from '../../location-page/lib/location-copy';

/** Other teams pass these through RemoteFragment, so everything added stays optional. */
export interface DealerContactProps {
  /** One location's card (the `/contact-us/{slug}` page), else the dealer's. */
  locationSlug?: string;
}

/** The exposed `mf_locations/DealerContact` fragment: the dealer's (or one location's) name, place and phone. */
export default function DealerContact({ locationSlug }: DealerContactProps) {
  const tenant = useTenant();
  const { phone, city, state } = tenant.contact;
  const slug = locationSlug?.trim() || tenant.slug;
  return (
    <FragmentCard team="mf-locations" heading={locationTitle(slug, tenant)}>
      <p css={{ margin: '0 0 0.25rem' }}>
        {city}, {state}
      </p>
      <p css={{ margin: '0 0 0.75rem' }}>
        <a href={telHref(phone)} aria-label={`Call ${tenant.name} on ${phone}`} css={{ fontWeight: 700 }}>
          {phone}
        </a>
      </p>
      <a href={paths.location(slug)}>{slug === tenant.slug ? 'View our locations' : 'View this location'}</a>
    </FragmentCard>
  );
}
