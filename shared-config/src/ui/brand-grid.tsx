import { css } from '@emotion/react';
import { BRAND_CATEGORIES, type BrandTile } from '../content';
import { SURFACE } from './tokens';

const grid = css`
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr));
  list-style: none;
  margin: 0;
  padding: 0;
`;

const tile = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.5rem;
  padding: 0.875rem;
  border: 1px solid ${SURFACE.divider};
  border-radius: 10px;
  color: ${SURFACE.text};
  font-weight: 700;
  text-decoration: none;
  &:hover {
    border-color: currentColor;
  }
`;

/**
 * The site's brands as logo tiles, one section per category (Car, Motorcycle, Truck), as the
 * group's landing page (mf-search) and the Our Brands page (the shell) both show them: one look
 * on every page. A category without brands is left out.
 */
export function BrandGrid({ brands }: { brands: readonly BrandTile[] }) {
  return (
    <>
      {BRAND_CATEGORIES.map(({ category, label }) => {
        const shown = brands.filter((b) => b.category === category);
        if (shown.length === 0) return null;
        return (
          <section key={category} aria-label={label} css={{ marginTop: '1.75rem' }}>
            <h2 css={{ fontSize: '1.3rem', margin: '0 0 0.75rem' }}>{label}</h2>
            <ul css={grid}>
              {shown.map((brand) => (
                <li key={brand.slug}>
                  <a href={brand.href} css={tile}>
                    <img
                      src={brand.logo}
                      alt=""
                      width={120}
                      height={80}
                      loading="lazy"
                      css={{ objectFit: 'cover', borderRadius: 6 }}
                    />
                    {brand.title}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
