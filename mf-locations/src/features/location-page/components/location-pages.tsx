import { css } from '@emotion/react';
import { paths, SURFACE, useFirstPaintHandover, useTenant } from '@forecourt/shared-config';
import { useParams } from '@forecourt/shared-config/router';
import { useId, useState, type ReactNode } from 'react';
import type { DealerLocation, LocationType } from '../../../contract';
import { cityList, dealershipList } from '../../../lib/select';
import { useSiteLocations } from '../../../lib/api/locations';
import { LocationsCarousel } from '../../carousel/components/locations-carousel';
import { LocationGrid } from '../../location-block/components/location-block';
import { LocationCard } from '../../location-card/components/location-card';
import { NearestLocation } from '../../nearest/components/nearest-location';
import { ReviewsSection } from '../../reviews/components/reviews';
import { locationTitle } from '../lib/location-copy';
import { locationPageSubject } from '../lib/page-subject';

const TYPE_NAMES: Record<LocationType, string> = {
  sales: 'Sales',
  service: 'Service centre',
  parts: 'Parts',
  'car-buying': 'Car buying centre',
};

function PageLayout({ heading, intro, children }: { heading: string; intro?: ReactNode; children?: ReactNode }) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      css={css`
        label: mf-locations-page;
        max-width: 72rem;
        margin: 0 auto;
        padding: 1.5rem;
        display: grid;
        gap: 1.5rem;
        & > * {
          min-width: 0;
        }
        @media (max-width: 576px) {
          padding: 1rem;
        }
      `}
    >
      <header>
        <h1 id={headingId} css={{ margin: '0 0 0.35rem' }}>
          {heading}
        </h1>
        {intro && <p css={{ margin: 0, color: SURFACE.muted }}>{intro}</p>}
      </header>
      {children}
    </article>
  );
}

function NotFound({ slug }: { slug: string }) {
  const tenant = useTenant();
  return (
    <PageLayout
      heading="This location is not on our site"
      intro={`We could not find '${slug}'. ${tenant.name}'s locations are all on one page.`}
    >
      <p css={{ margin: 0 }}>
        <a href="/dealer-locator">See all our locations</a> or <a href={paths.home()}>go to the home page</a>.
      </p>
    </PageLayout>
  );
}

/** The other locations of the site, as the carousel, below a location's own page. */
function OtherLocations({
  locations,
  except,
}: {
  locations: readonly DealerLocation[];
  except: (location: DealerLocation) => boolean;
}) {
  const others = locations.filter((location) => !except(location));
  return others.length > 0 ? <LocationsCarousel locations={others} heading="Our Locations" /> : null;
}

function OneLocation({ location, all }: { location: DealerLocation; all: readonly DealerLocation[] }) {
  return (
    <PageLayout
      heading={location.name}
      intro={`${TYPE_NAMES[location.location_type]} · ${location.address.city} ${location.address.state}${location.manufacturers.length ? ` · ${location.manufacturers.join(', ')}` : ''}`}
    >
      <LocationCard location={location} full />
      <ReviewsSection dealershipSlug={location.dealership_slug} dealershipName={location.dealership_name} />
      <OtherLocations locations={all} except={(other) => other.id === location.id} />
    </PageLayout>
  );
}

function Dealership({
  slug,
  locations,
  all,
}: {
  slug: string;
  locations: readonly DealerLocation[];
  all: readonly DealerLocation[];
}) {
  const name = locations[0]!.dealership_name;
  const cities = [...new Set(locations.map((location) => location.address.city))];
  return (
    <PageLayout
      heading={name}
      intro={`${locations.length} location${locations.length === 1 ? '' : 's'} in ${cities.join(', ')}`}
    >
      <LocationGrid locations={locations} label={`Map of ${name}'s locations`} />
      <ReviewsSection dealershipSlug={slug} dealershipName={name} />
      <OtherLocations locations={all} except={(other) => other.dealership_slug === slug} />
    </PageLayout>
  );
}

/** The team, as the server's first paint of its pages names it. */
const TEAM = 'mf-locations';

/**
 * `/our-location/{slug}` and `/locations/{location or dealership slug}`: one location's page (its
 * full card with map and hours, its dealership's reviews, the other locations), or a
 * dealership's (its locations, its reviews). The server answered 404 with the page for a slug
 * the site does not show, wrote the location's JSON-LD into the HTML, and painted the page first
 * from the answers it inlined (the page starts from them).
 */
export function LocationPage() {
  const tenant = useTenant();
  const { slug = '' } = useParams();
  const loaded = useSiteLocations();
  // Once it shows the location (or that it could not load it), the page takes over from the server's first paint.
  useFirstPaintHandover(TEAM, loaded.status !== 'loading');
  if (loaded.status === 'loading')
    return <PageLayout heading={locationTitle(slug, tenant)} intro="Loading this location…" />;
  if (loaded.status === 'failed')
    return (
      <PageLayout
        heading={locationTitle(slug, tenant)}
        intro={`We could not load this location just now. Call us on ${tenant.contact.phone}.`}
      >
        <p css={{ margin: 0 }}>
          <a href={paths.contact()}>Contact us</a>
        </p>
      </PageLayout>
    );
  const all = loaded.value;
  const subject = locationPageSubject(all, slug);
  if (subject.kind === 'location') return <OneLocation location={subject.location} all={all} />;
  if (subject.kind === 'dealership') return <Dealership slug={slug} locations={subject.locations} all={all} />;
  return <NotFound slug={slug} />;
}

/**
 * `/dealer-locator`: every location the site shows, by dealership (spec list limits: 20 cities,
 * 40 dealerships), narrowed by city, with the nearest location to a postcode where there are
 * several.
 */
export function DealerLocatorPage() {
  const tenant = useTenant();
  const loaded = useSiteLocations();
  const [city, setCity] = useState('');
  const selectId = useId();
  useFirstPaintHandover(TEAM, loaded.status !== 'loading');
  if (loaded.status !== 'ready')
    return (
      <PageLayout
        heading="Our locations"
        intro={
          loaded.status === 'failed'
            ? `We could not load our locations just now. Call us on ${tenant.contact.phone}.`
            : 'Loading our locations…'
        }
      />
    );
  const all = loaded.value;
  const cities = cityList(all);
  const shown = city ? all.filter((location) => location.address.city === city) : all;
  return (
    <PageLayout
      heading="Our locations"
      intro={`Find ${tenant.name} near you: addresses, opening hours and directions.`}
    >
      {all.length > 1 && <NearestLocation locations={all} />}
      {cities.length > 1 && (
        <p css={{ margin: 0, display: 'flex', alignItems: 'center', gap: '0.5rem', flexWrap: 'wrap' }}>
          <label htmlFor={selectId} css={{ fontWeight: 600 }}>
            City
          </label>
          <select
            id={selectId}
            value={city}
            onChange={(event) => setCity(event.target.value)}
            css={{ font: 'inherit', padding: '0.4rem 0.6rem', borderRadius: 6, border: `1px solid ${SURFACE.border}` }}
          >
            <option value="">All cities</option>
            {cities.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </p>
      )}
      {dealershipList(shown).map((group) => (
        <section key={group.slug} aria-label={group.name} css={{ display: 'grid', gap: '0.75rem' }}>
          <h2 css={{ margin: 0, fontSize: '1.375rem' }}>
            <a href={paths.location(group.slug)} css={{ color: 'inherit' }}>
              {group.name}
            </a>
          </h2>
          <LocationGrid locations={group.locations} label={`Map of ${group.name}'s locations`} />
        </section>
      ))}
    </PageLayout>
  );
}
