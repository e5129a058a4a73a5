import { css } from '@emotion/react';
import { SUCCESS, SURFACE, useTenant, VISUALLY_HIDDEN } from '@forecourt/shared-config';
import { zonedClock } from '@forecourt/shared-config/hours';
import { Tabs } from '@forecourt/shared-config/tabs';
import { useState, type MouseEvent } from 'react';
import type { DealerLocation, LocationType } from '../../../contract';
import { useNow } from '../../../lib/first-paint';
import { hourTypes, statusNow, upcomingSpecialHours, weekRows } from '../../../lib/hours';
import { useSiteLocations } from '../../../lib/api/locations';

const TYPE_LABELS: Record<LocationType, string> = {
  sales: 'Sales',
  service: 'Service',
  parts: 'Parts',
  'car-buying': 'Car buying',
};

/** Props of the exposed `mf_locations/OpeningHours`: one location's hours, by its slug. */
export interface OpeningHoursProps {
  locationSlug: string;
  /** The type shown first (the other types stay one tab away), e.g. 'service' on a service page. */
  type?: LocationType;
}

const table = css`
  label: mf-locations-hours;
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: 0.35rem 0;
    text-align: left;
    border-bottom: 1px solid ${SURFACE.divider};
    vertical-align: top;
  }
  th {
    font-weight: 500;
    padding-right: 1rem;
  }
  td {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  tr[data-today] th,
  tr[data-today] td {
    font-weight: 700;
  }
`;

/** One type's week: Monday to Sunday, Monday–Friday on one row when the days agree, today in bold; a special date replacing today's hours says so. */
function WeekTable({ location, type, now }: { location: DealerLocation; type: LocationType; now: Date }) {
  const hours = location.contact_detail.opening_hours[type] ?? [];
  const clock = zonedClock(now, location.time_zone);
  const todaySpecial = upcomingSpecialHours(location.special_hours, clock.date, 0).find(
    (day) => day.date === clock.date,
  );
  // Spec: closed shows 'Closed', or on one site, for one service location, 'Enquire Now' to its booking page.
  const enquire = type === 'service' && location.booking_url;
  const status = statusNow(location, type, now);
  return (
    <>
      <p css={{ margin: '0 0 0.5rem', fontWeight: 600, color: status.open ? SUCCESS.text : SURFACE.muted }}>
        {status.text}
      </p>
      {todaySpecial && (
        <p css={{ margin: '0 0 0.5rem' }}>
          <strong>{todaySpecial.label}</strong>: {todaySpecial.text}
        </p>
      )}
      <table css={table}>
        <caption css={VISUALLY_HIDDEN}>{`${TYPE_LABELS[type]} hours, ${location.name}`}</caption>
        <tbody>
          {weekRows(hours).map((row) => (
            <tr key={row.days} {...(row.weekdays.includes(clock.weekday) ? { 'data-today': '' } : {})}>
              <th scope="row">{row.days}</th>
              <td>
                {row.closed && enquire ? (
                  <a href={location.booking_url!} target="_blank" rel="noopener noreferrer">
                    Enquire Now
                  </a>
                ) : (
                  row.text
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/**
 * A location's opening hours (spec: 'Opening-hours table with a type selector (sales, service,
 * parts) when several types exist'), read on the location's own clock: the shopper in Perth sees
 * whether the Brisbane yard is open now in Brisbane.
 */
export function OpeningHoursTable({
  location,
  type,
  now: given,
}: {
  location: DealerLocation;
  type?: LocationType | undefined;
  now?: Date;
}) {
  const now = useNow(given);
  const types = hourTypes(location);
  const [chosen, setChosen] = useState<LocationType>(
    type && types.includes(type) ? type : (types[0] ?? location.location_type),
  );
  if (types.length === 0) return <p css={{ margin: 0 }}>Call us for our opening hours.</p>;
  if (types.length === 1) return <WeekTable location={location} type={types[0]!} now={now} />;
  // The tabs choose on a press (Radix's: mousedown, a key), but a tab a shopper chose on the
  // server's first paint comes back as a click alone when the app takes over (shared-config's
  // runtime/first-paint.ts replays it): the hours answer a click on a tab too.
  const clicked = (event: MouseEvent) => {
    const tab = event.target instanceof Element ? event.target.closest('[role="tab"]') : null;
    const picked = tab?.parentElement
      ? types[[...tab.parentElement.querySelectorAll('[role="tab"]')].indexOf(tab)]
      : undefined;
    if (picked) setChosen(picked);
  };
  return (
    <div onClick={clicked}>
      <Tabs
        label={`Opening hours at ${location.name}`}
        value={chosen}
        onValueChange={(value) => setChosen(value as LocationType)}
        tabs={types.map((option) => ({
          value: option,
          label: TYPE_LABELS[option],
          content: <WeekTable location={location} type={option} now={now} />,
        }))}
      />
    </div>
  );
}

/** The exposed `mf_locations/OpeningHours`: a location's hours for another team's page. */
export default function OpeningHours({ locationSlug, type }: OpeningHoursProps) {
  const tenant = useTenant();
  const loaded = useSiteLocations();
  const location =
    loaded.status === 'ready' ? loaded.value.find((candidate) => candidate.slug === locationSlug) : undefined;
  if (!location) return null;
  return (
    <section
      data-boundary="mf-locations"
      aria-label={`Opening hours at ${location.name}`}
      css={css`
        label: mf-locations-opening-hours;
        padding: 1rem 1.25rem;
        border: 1px solid ${SURFACE.border};
        border-radius: ${SURFACE.radius};
      `}
    >
      <h2
        css={{ fontSize: '1.125rem', margin: '0 0 0.75rem' }}
      >{`Opening hours${tenant.name === location.name ? '' : ` · ${location.name}`}`}</h2>
      <OpeningHoursTable location={location} type={type} />
    </section>
  );
}
