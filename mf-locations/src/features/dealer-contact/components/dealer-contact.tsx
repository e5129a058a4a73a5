import { css } from '@emotion/react';
import { paths, telHref, useTenant } from '@forecourt/shared-config';
import { useId } from 'react';

/** No props today; other teams pass `{}` through RemoteFragment, so anything added stays optional. */
export type DealerContactProps = Record<string, never>;

/** The exposed `mf_locations/DealerContact` fragment: the dealer's name, place and phone. */
export default function DealerContact(_props: DealerContactProps) {
  const tenant = useTenant();
  const headingId = useId();
  const { phone, city, state } = tenant.contact;
  return (
    <section
      aria-labelledby={headingId}
      data-boundary="mf-locations"
      css={css`label: mf-locations-dealer-contact; padding: 1rem 1.25rem; border: 1px solid #d0d5dd; border-radius: 8px;`}
    >
      <h2 id={headingId} css={{ fontSize: '1.125rem', margin: '0 0 0.5rem' }}>
        {tenant.name}
      </h2>
      <p css={{ margin: '0 0 0.25rem' }}>
        {city}, {state}
      </p>
      <p css={{ margin: '0 0 0.75rem' }}>
        <a href={telHref(phone)} aria-label={`Call ${tenant.name} on ${phone}`} css={{ fontWeight: 700 }}>
          {phone}
        </a>
      </p>
      <a href={paths.location(tenant.slug)}>View our locations</a>
    </section>
  );
}
