import { css } from '@emotion/react';
import { paths, telHref, useTenant } from '@forecourt/shared-config';
import { directionsUrl } from '../lib/location-copy';

/** Address, phone and the ways onward from a location: directions, contact and stock. */
export function LocationDetails({ name }: { name: string }) {
  const tenant = useTenant();
  const { phone, city, state } = tenant.contact;
  return (
    <div css={css`label: mf-locations-details; padding: 1rem 1.25rem; border: 1px solid #d0d5dd; border-radius: 8px;`}>
      <address css={{ fontStyle: 'normal', margin: '0 0 0.75rem' }}>
        <span css={{ display: 'block' }}>{tenant.name}</span>
        <span css={{ display: 'block' }}>
          {city} {state}
        </span>
        <a href={telHref(phone)} aria-label={`Call ${tenant.name} on ${phone}`}>
          {phone}
        </a>
      </address>
      <ul css={css`label: mf-locations-actions; display: flex; flex-wrap: wrap; gap: 0.75rem 1.25rem; list-style: none; margin: 0; padding: 0;`}>
        <li>
          <a href={directionsUrl(`${name}, ${city} ${state}`)} target="_blank" rel="noopener noreferrer">
            Get Directions
          </a>
        </li>
        {tenant.features['mf-leads'] && (
          <li>
            <a href={paths.contact()}>Contact</a>
          </li>
        )}
        {tenant.features['mf-search'] && (
          <li>
            <a href={paths.search()}>View Our Stock</a>
          </li>
        )}
      </ul>
    </div>
  );
}
