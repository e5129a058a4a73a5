import { css } from '@emotion/react';
import { paths, RemoteFragment, SURFACE, useFirstPaintHandover, useTenant } from '@forecourt/shared-config';
import { homeIntro } from '../lib/home-intro';
import SearchBox from '../../search-box/components/search-box';
import { GroupLanding } from './group-landing';
import { HomeSlides } from './home-slides';
import { QuickFinder } from './quick-finder';

export function HomePage() {
  const tenant = useTenant();
  const noun = tenant.search.itemNoun;
  // The page is whole on its first render (the quick finder's first answer comes with the page
  // when the server painted it), so it takes over from the server's HTML at once.
  useFirstPaintHandover('mf-search', true);
  return (
    <section
      css={css`
        label: mf-search-home;
        max-width: 72rem;
        margin: 0 auto;
        padding: 2rem 1.5rem;
      `}
    >
      <h1
        css={css`
          font-size: 2rem;
          margin: 0 0 0.5rem;
        `}
      >
        Find your next {noun} at {tenant.name}
      </h1>
      <p css={{ margin: '0 0 1.25rem', color: SURFACE.muted }}>{homeIntro(tenant)}</p>
      {/* Below the page's heading, so the slides' own headings follow it, and above the search,
          which still fits on a phone's first screen (375 x 800) under them. */}
      <HomeSlides />
      <SearchBox />
      <QuickFinder />
      <p css={{ marginTop: '1rem' }}>
        <a href={paths.search()}>Browse all {noun}s</a> · <a href={paths.specialOffers()}>Special offers</a>
      </p>
      <GroupLanding />
      <div
        css={css`
          display: grid;
          grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
          gap: 1rem;
          margin-top: 2rem;
        `}
      >
        {tenant.features['mf-locations'] && <RemoteFragment id="mf_locations/DealerContact" props={{}} />}
        {tenant.features['mf-finance'] && <RemoteFragment id="mf_finance/FinanceCta" props={{}} />}
        {tenant.features['mf-leads'] && <RemoteFragment id="mf_leads/QuickEnquiry" props={{}} />}
      </div>
      {/* mf-locations's Our Locations carousel (nothing on a site with one location). If the
          remote is down, the contact card's fallback above says so once: nothing here. */}
      {tenant.features['mf-locations'] && (
        <div css={{ marginTop: '2.5rem' }}>
          <RemoteFragment id="mf_locations/OurLocations" props={{}} fallback={null} />
        </div>
      )}
    </section>
  );
}
