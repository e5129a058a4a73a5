import { css } from '@emotion/react';
import { BrandGrid, paths, SURFACE, useTenant } from '@forecourt/shared-config';
import { brandHref, brandLogo, GROUP_STATS } from '@forecourt/shared-config/content';

/**
 * A dealer group's landing (spec: 'Group landing pages have Car, Motorcycle, Truck and Our Brands
 * grids with a stats banner: 50+ locations, 40+ brands, 30+ years'): the banner, then the group's
 * brands by category, each to its overview page (or its stock where the brand skips the page:
 * `/used-car/{brand}` on a site with `search.usedCarPaths`).
 */
export function GroupLanding() {
  const tenant = useTenant();
  if (tenant.kind !== 'dealer-group' || tenant.brands.length === 0) return null;
  return (
    <>
      <ul
        aria-label={`${tenant.name} in numbers`}
        css={css`
          label: mf-search-group-stats;
          display: grid;
          grid-template-columns: repeat(3, 1fr);
          gap: 0.5rem;
          list-style: none;
          margin: 2rem 0 0;
          padding: 1.25rem;
          border-radius: 12px;
          background: ${tenant.theme.primary};
          color: ${SURFACE.onInverse};
          text-align: center;
        `}
      >
        {GROUP_STATS.map((stat) => (
          <li key={stat.label}>
            <strong css={{ display: 'block', fontSize: '1.75rem' }}>{stat.figure}</strong>
            {stat.label}
          </li>
        ))}
      </ul>
      <BrandGrid
        brands={tenant.brands.map((brand) => ({
          title: brand.title,
          slug: brand.slug,
          category: brand.category,
          logo: brandLogo(brand.slug),
          href: brand.skipPage
            ? paths.searchMake(encodeURIComponent(brand.slug), undefined, tenant.search)
            : brandHref(brand),
        }))}
      />
      <p css={{ marginTop: '1.5rem' }}>
        <a href="/brands" css={{ fontWeight: 700 }}>
          Our Brands: all {tenant.brands.length} of them
        </a>
      </p>
    </>
  );
}
