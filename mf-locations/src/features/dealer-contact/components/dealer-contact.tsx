import { FragmentCard, paths, telHref, useTenant } from '@forecourt/shared-config';

/** No props today; other teams pass `{}` through RemoteFragment, so anything added stays optional. */
export type DealerContactProps = Record<string, never>;

/** The exposed `mf_locations/DealerContact` fragment: the dealer's name, place and phone. */
export default function DealerContact(_props: DealerContactProps) {
  const tenant = useTenant();
  const { phone, city, state } = tenant.contact;
  return (
    <FragmentCard team="mf-locations" heading={tenant.name}>
      <p css={{ margin: '0 0 0.25rem' }}>
        {city}, {state}
      </p>
      <p css={{ margin: '0 0 0.75rem' }}>
        <a href={telHref(phone)} aria-label={`Call ${tenant.name} on ${phone}`} css={{ fontWeight: 700 }}>
          {phone}
        </a>
      </p>
      <a href={paths.location(tenant.slug)}>View our locations</a>
    </FragmentCard>
  );
}
