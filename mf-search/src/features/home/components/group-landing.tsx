import { css } from '@emotion/react';
import { SURFACE, useTenant } from '@forecourt/shared-config';
import { BRAND_CATEGORIES, brandHref, brandLogo, GROUP_STATS } from '@forecourt/shared-config/content';

/**
 * A dealer group's landing (spec: 'Group landing pages have Car, Motorcycle, Truck and Our Brands
 * grids with a stats banner: 50+ locations, 40+ brands, 30+ years'): the banner, then the group's
 * brands by category, each to its overview page (or its stock where the brand skips the page).
 */
export function GroupLanding() {
  const tenant = useTenant();
  if (tenant.kind !== 'dealer-group' || tenant.brands.length === 0) return null;
  return (
    <>
      <ul
        aria-label={`${tenant.name} in numbers`}
        css={css`label: mf-search-group-stats; display: grid; grid-template-columns: repeat(3, 1fr); gap: 0.5rem; list-style: none; margin: 2rem 0 0; padding: 1.25rem; border-radius: 12px; background: ${tenant.theme.primary}; color: ${SURFACE.onInverse}; text-align: center;`}
      >
        {GROUP_STATS.map((stat) => (
          <li key={stat.label}>
            <strong css={{ display: 'block', fontSize: '1.75rem' }}>{stat.figure}</strong>
            {stat.label}
          </li>
        ))}
      </ul>
      {BRAND_CATEGORIES.map(({ category, label }) => {
        const brands = tenant.brands.filter((b) => b.category === category);
        if (brands.length === 0) return null;
        return (
          <section key={category} aria-label={label} css={{ marginTop: '2rem' }}>
            <h2 css={{ fontSize: '1.35rem', margin: '0 0 0.75rem' }}>{label}</h2>
            <ul css={css`display: grid; grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); gap: 0.75rem; list-style: none; margin: 0; padding: 0;`}>
              {brands.map((brand) => (
                <li key={brand.slug}>
                  <a
                    href={brandHref(brand)}
                    css={css`display: flex; flex-direction: column; align-items: center; gap: 0.4rem; padding: 0.75rem; border: 1px solid ${SURFACE.divider}; border-radius: 10px; color: ${SURFACE.text}; font-weight: 700; text-decoration: none; &:hover { border-color: currentColor; }`}
                  >
                    <img src={brandLogo(brand.slug)} alt="" width={120} height={80} loading="lazy" css={{ objectFit: 'cover', borderRadius: 6 }} />
                    {brand.title}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <p css={{ marginTop: '1.5rem' }}>
        <a href="/brands" css={{ fontWeight: 700 }}>
          Our Brands: all {tenant.brands.length} of them
        </a>
      </p>
    </>
  );
}
