import { css } from '@emotion/react';
import { BRAND_CATEGORIES, brandHref, brandLogo } from '@forecourt/shared-config/content';
import { alpha, media, SURFACE, type PublicTenantConfig } from '@forecourt/shared-config';
import * as NavigationMenu from '@radix-ui/react-navigation-menu';
import type { ReactNode } from 'react';

type Brand = PublicTenantConfig['brands'][number];

/** The site's brands by the mega-menu's columns (Car, Motorcycle, Truck); empty columns are left out. */
export function brandColumns(brands: readonly Brand[]): Array<{ label: string; brands: Brand[] }> {
  return BRAND_CATEGORIES.map(({ category, label }) => ({ label, brands: brands.filter((b) => b.category === category) })).filter((c) => c.brands.length > 0);
}

/**
 * Each item lays out its one control: the link is then a block of its own, never a link inside a
 * run of text (the menu's triggers carry text of their own, and an inline link beside them reads
 * to accessibility checkers as a link in a paragraph that only colour sets apart).
 */
const itemStyle = css`display: flex; align-items: center;`;

const triggerStyle = (colour: string) => css`
  display: inline-flex;
  align-items: center;
  gap: 0.3rem;
  font: inherit;
  font-weight: 500;
  white-space: nowrap;
  ${media.xxlDown} { font-size: 0.95rem; }
  color: ${colour};
  background: none;
  border: 0;
  padding: 0.5rem 0;
  cursor: pointer;
  text-decoration: none;
  &:hover { text-decoration: underline; }
  /* The chevron turns when the panel is open. */
  &[data-state='open'] > span { transform: rotate(180deg); }
`;

/**
 * The brand mega-menu: one panel per category (Car, Motorcycle, Truck) listing the brands with
 * their logos, and Our Brands (the brands page). Radix's navigation menu gives the behaviour a
 * shopper expects from a site menu: opens on hover and on click, Enter/Space and the arrow keys
 * from the keyboard, Escape closes and returns focus, moving away closes.
 */
export function BrandMenu({ brands, colour, children }: { brands: readonly Brand[]; colour: string; children?: ReactNode }) {
  const columns = brandColumns(brands);
  return (
    <NavigationMenu.Root aria-label="Main" css={css`position: relative; flex: 1;`}>
      <NavigationMenu.List css={css`display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem 0.9rem; list-style: none; margin: 0; padding: 0;`}>
        {columns.map((column) => (
          <NavigationMenu.Item key={column.label} value={column.label} css={itemStyle}>
            <NavigationMenu.Trigger css={triggerStyle(colour)}>
              {column.label}
              <span aria-hidden="true" css={css`font-size: 0.7em; transition: transform 150ms;`}>
                ▼
              </span>
            </NavigationMenu.Trigger>
            <NavigationMenu.Content
              css={css`
                label: shell-mega-menu;
                position: absolute;
                top: calc(100% + 0.5rem);
                left: 0;
                z-index: 40;
                width: min(40rem, calc(100vw - 3rem));
                padding: 1.25rem;
                background: ${SURFACE.background};
                color: ${SURFACE.text};
                border-radius: 10px;
                box-shadow: 0 12px 32px ${alpha(SURFACE.inverse, 18)};
              `}
            >
              <p css={css`margin: 0 0 0.75rem; font-weight: 700;`}>{column.label} brands</p>
              <ul css={css`display: grid; grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); gap: 0.75rem; list-style: none; margin: 0; padding: 0;`}>
                {column.brands.map((brand) => (
                  <li key={brand.slug}>
                    <NavigationMenu.Link
                      href={brandHref(brand)}
                      css={css`display: flex; flex-direction: column; align-items: center; gap: 0.4rem; padding: 0.6rem; border: 1px solid ${SURFACE.divider}; border-radius: 8px; color: inherit; text-decoration: none; font-weight: 600; &:hover { border-color: currentColor; }`}
                    >
                      <img src={brandLogo(brand.slug)} alt="" width={96} height={64} loading="lazy" css={{ objectFit: 'cover', borderRadius: 4 }} />
                      {brand.title}
                    </NavigationMenu.Link>
                  </li>
                ))}
              </ul>
            </NavigationMenu.Content>
          </NavigationMenu.Item>
        ))}
        {columns.length > 0 && (
          <NavigationMenu.Item css={itemStyle}>
            <NavigationMenu.Link href="/brands" css={triggerStyle(colour)}>
              Our Brands
            </NavigationMenu.Link>
          </NavigationMenu.Item>
        )}
        {children}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}

/** A plain link of the main navigation, as an item of the same menu (one list, one tab order). */
export function NavLink({ href, label, colour }: { href: string; label: string; colour: string }) {
  return (
    <NavigationMenu.Item css={itemStyle}>
      <NavigationMenu.Link href={href} css={triggerStyle(colour)}>
        {label}
      </NavigationMenu.Link>
    </NavigationMenu.Item>
  );
}
