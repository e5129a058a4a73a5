import { css } from '@emotion/react';
import { paths, readableTextOn, SURFACE, telHref, useTenant } from '@forecourt/shared-config';
import { useId } from 'react';
import type { DealerLocation } from '../../../contract';
import { directionsUrl } from '../../../lib/directions';
import { LocationMap } from '../../location-map/components/location-map';
import { HolidayHours } from '../../opening-hours/components/holiday-hours';
import { OpeningHoursTable } from '../../opening-hours/components/opening-hours';
import { ReviewBadge } from '../../reviews/components/reviews';

const actionLink = (background: string) => css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 2.5rem;
  padding: 0.45rem 0.9rem;
  border-radius: 6px;
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;
  color: ${readableTextOn(background)};
  background: ${background};
  border: 1px solid ${background === SURFACE.background ? SURFACE.border : background};
`;

/** 'Dealer licence MD12345 · Repairer MVRL45678', only what the location has (the server sends them only with the site's consent). */
function licenceLine(location: DealerLocation): string | null {
  const parts = [
    location.dealer_license_number && `Dealer licence (DL) ${location.dealer_license_number}`,
    location.motor_vehicle_repairer && `Repairer (MRB) ${location.motor_vehicle_repairer}`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/**
 * A location's card (spec: name, address, directions link, review badge, phone, View Details,
 * Get Directions, Book a Service or Contact, holiday-hours dialog, opening-hours list, DL and MRB
 * where the consent flag allows). `full` is the one-location layout: the map beside the details
 * and the whole week of hours; in a grid the card is compact and its hours sit behind a disclosure.
 */
export function LocationCard({
  location,
  full = false,
  headingLevel = 3,
}: {
  location: DealerLocation;
  full?: boolean;
  headingLevel?: 2 | 3;
}) {
  const tenant = useTenant();
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { street, city, state, postcode } = location.address;
  const licences = licenceLine(location);
  // A service centre's next step is booking a service; any other location's, contacting it.
  const bookService = location.location_type === 'service';
  const details = (
    <div css={{ display: 'grid', gap: '0.6rem', alignContent: 'start' }}>
      <Heading id={headingId} css={{ margin: 0, fontSize: headingLevel === 2 ? '1.375rem' : '1.125rem' }}>
        <a href={paths.ourLocation(location.slug)} css={{ color: 'inherit' }}>
          {location.name}
        </a>
      </Heading>
      <ReviewBadge location={location} />
      {/* The dealer's own address: its words (a Drive, a Car Park) are the dealer's, not the site's copy. */}
      <address css={{ fontStyle: 'normal', margin: 0 }} data-dealer-text>
        <a href={directionsUrl(location.address)} target="_blank" rel="noopener noreferrer" css={{ color: 'inherit' }}>
          {street}, {city} {state} {postcode}
        </a>
      </address>
      <p css={{ margin: 0 }}>
        <a
          href={telHref(location.contact_detail.phone)}
          css={{ fontWeight: 700 }}
          aria-label={`Call ${location.name} on ${location.contact_detail.phone}`}
        >
          {location.contact_detail.phone}
        </a>
      </p>
      <ul
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: 0.5rem;
          list-style: none;
          margin: 0.25rem 0 0;
          padding: 0;
        `}
      >
        {!full && (
          <li>
            <a
              href={paths.ourLocation(location.slug)}
              css={actionLink(tenant.theme.primary)}
              aria-label={`View details of ${location.name}`}
            >
              View Details
            </a>
          </li>
        )}
        <li>
          <a
            href={directionsUrl(location.address)}
            target="_blank"
            rel="noopener noreferrer"
            css={actionLink(full ? tenant.theme.primary : SURFACE.background)}
            aria-label={`Get directions to ${location.name}`}
          >
            Get Directions
          </a>
        </li>
        {tenant.features['mf-leads'] && (
          <li>
            {bookService ? (
              <a href={paths.service()} css={actionLink(SURFACE.background)}>
                Book a Service
              </a>
            ) : (
              <a
                href={paths.contactUs(location.slug)}
                css={actionLink(SURFACE.background)}
                aria-label={`Contact ${location.name}`}
              >
                Contact
              </a>
            )}
          </li>
        )}
      </ul>
      {full ? (
        <div css={{ marginTop: '0.5rem' }}>
          <h3 css={{ fontSize: '1rem', margin: '0 0 0.5rem' }}>Opening hours</h3>
          <OpeningHoursTable location={location} />
        </div>
      ) : (
        <details
          css={css`
            summary {
              cursor: pointer;
              font-weight: 600;
            }
            [data-expand] {
              display: grid;
              grid-template-rows: 0fr;
              transition: grid-template-rows 300ms ease;
            }
            &[open] [data-expand] {
              grid-template-rows: 1fr;
            }
            @media (prefers-reduced-motion: reduce) {
              [data-expand] {
                transition: none;
              }
            }
          `}
        >
          <summary>Opening hours</summary>
          <div data-expand="">
            <div css={{ overflow: 'hidden', paddingTop: '0.5rem' }}>
              <OpeningHoursTable location={location} />
            </div>
          </div>
        </details>
      )}
      <p css={{ margin: 0 }}>
        <HolidayHours location={location} />
      </p>
      {licences && <p css={{ margin: 0, fontSize: '0.8125rem', color: SURFACE.muted }}>{licences}</p>}
    </div>
  );
  return (
    <article
      aria-labelledby={headingId}
      data-location={location.slug}
      css={css`
        label: mf-locations-card;
        padding: 1.25rem;
        border: 1px solid ${SURFACE.border};
        border-radius: ${SURFACE.radius};
        background: ${SURFACE.background};
        ${full ? 'display: grid; gap: 1.25rem; @media (min-width: 768px) { grid-template-columns: minmax(0, 1fr) minmax(0, 1.2fr); }' : ''}
      `}
    >
      {details}
      {full && (
        <LocationMap
          places={[{ slug: location.slug, name: location.name, lat: location.address.lat, lng: location.address.long }]}
          label={`Map of ${location.name}`}
          height={360}
        />
      )}
    </article>
  );
}
