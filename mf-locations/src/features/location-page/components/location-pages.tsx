import { css } from '@emotion/react';
import { useTenant } from '@forecourt/shared-config';
import { useId, type ReactNode } from 'react';
import { useParams } from '@forecourt/shared-config/router';
import { locationTitle } from '../lib/location-copy';
import { LocationDetails } from './location-details';

function LocationsPageLayout({ heading, intro, name }: { heading: string; intro: ReactNode; name: string }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} css={css`label: mf-locations-page; max-width: 48rem; margin: 0 auto; padding: 1.5rem;`}>
      <h1 id={headingId} css={{ margin: '0 0 0.5rem' }}>
        {heading}
      </h1>
      <p css={{ margin: '0 0 1.25rem', color: '#475467' }}>{intro}</p>
      <LocationDetails name={name} />
    </article>
  );
}

/** /our-location/{slug} and /locations/{slug}: one location's page. */
export function LocationPage() {
  const tenant = useTenant();
  const { slug = '' } = useParams();
  const title = locationTitle(slug, tenant);
  return (
    <LocationsPageLayout
      heading={title}
      name={title}
      intro={`Visit ${tenant.name} in ${tenant.contact.city}, ${tenant.contact.state}.`}
    />
  );
}

/** /dealer-locator: a dealer group's way to its locations. */
export function DealerLocatorPage() {
  const tenant = useTenant();
  return (
    <LocationsPageLayout
      heading="Dealer locator"
      name={tenant.name}
      intro={`Find ${tenant.name} in ${tenant.contact.city}, ${tenant.contact.state}.`}
    />
  );
}
