import { css } from '@emotion/react';
import { brandHref, brandLogo } from '@forecourt/shared-config/content';
import { alpha, SURFACE } from '@forecourt/shared-config';
import * as NavigationMenu from '@radix-ui/react-navigation-menu';
import {
  brandColumns,
  itemStyle,
  listStyle,
  rootStyle,
  TriggerLabel,
  triggerStyle,
  type Brand,
  type MenuLink,
} from './menu-parts';

export interface BrandMenuProps {
  brands: readonly Brand[];
  links: readonly MenuLink[];
  colour: string;
  /** The category open when the menu appears (the one the shopper reached for before it loaded). */
  defaultValue?: string | undefined;
}

/**
 * The brand mega-menu: one panel per category (Car, Motorcycle, Truck) listing the brands with
 * their logos, Our Brands (the brands page), then the site's links. Radix's navigation menu gives
 * the behaviour a shopper expects from a site menu: opens on hover and on click, Enter/Space and
 * the arrow keys from the keyboard, Escape closes and returns focus, moving away closes. Loaded
 * only when the shopper reaches for the menu (main-menu.tsx).
 */
export function BrandMenu({ brands, links, colour, defaultValue }: BrandMenuProps) {
  const columns = brandColumns(brands);
  return (
    <NavigationMenu.Root aria-label="Main" css={rootStyle} defaultValue={defaultValue}>
      <NavigationMenu.List css={listStyle}>
        {columns.map((column) => (
          <NavigationMenu.Item key={column.label} value={column.label} css={itemStyle}>
            <NavigationMenu.Trigger data-menu-control="" css={triggerStyle(colour)}>
              <TriggerLabel label={column.label} />
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
              <p
                css={css`
                  margin: 0 0 0.75rem;
                  font-weight: 700;
                `}
              >
                {column.label} brands
              </p>
              <ul
                css={css`
                  display: grid;
                  grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
                  gap: 0.75rem;
                  list-style: none;
                  margin: 0;
                  padding: 0;
                `}
              >
                {column.brands.map((brand) => (
                  <li key={brand.slug}>
                    <NavigationMenu.Link
                      href={brandHref(brand)}
                      css={css`
                        display: flex;
                        flex-direction: column;
                        align-items: center;
                        gap: 0.4rem;
                        padding: 0.6rem;
                        border: 1px solid ${SURFACE.divider};
                        border-radius: 8px;
                        color: inherit;
                        text-decoration: none;
                        font-weight: 600;
                        &:hover {
                          border-color: currentColor;
                        }
                      `}
                    >
                      <img
                        src={brandLogo(brand.slug)}
                        alt=""
                        width={96}
                        height={64}
                        loading="lazy"
                        css={{ objectFit: 'cover', borderRadius: 4 }}
                      />
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
            <NavigationMenu.Link href="/brands" data-menu-control="" css={triggerStyle(colour)}>
              Our Brands
            </NavigationMenu.Link>
          </NavigationMenu.Item>
        )}
        {/* The site's plain links, as items of the same menu (one list, one tab order). */}
        {links.map((link) => (
          <NavigationMenu.Item key={link.href} css={itemStyle}>
            <NavigationMenu.Link href={link.href} data-menu-control="" css={triggerStyle(colour)}>
              {link.label}
            </NavigationMenu.Link>
          </NavigationMenu.Item>
        ))}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}
