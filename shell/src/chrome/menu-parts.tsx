import { css } from '@emotion/react';
import { BRAND_CATEGORIES } from '@forecourt/shared-config/content';
import { media, type PublicTenantConfig } from '@forecourt/shared-config';

/**
 * What the main menu looks like, shared by its two forms: the markup the page starts with and
 * Radix's navigation menu that replaces it when the shopper reaches for it (main-menu.tsx). The
 * same elements with the same styles, so the swap moves nothing.
 */

export type Brand = PublicTenantConfig['brands'][number];
export type MenuLink = PublicTenantConfig['nav'][number];

/** The site's brands by the mega-menu's columns (Car, Motorcycle, Truck); empty columns are left out. */
export function brandColumns(brands: readonly Brand[]): Array<{ label: string; brands: Brand[] }> {
  return BRAND_CATEGORIES.map(({ category, label }) => ({
    label,
    brands: brands.filter((b) => b.category === category),
  })).filter((c) => c.brands.length > 0);
}

export const rootStyle = css`
  position: relative;
  flex: 1;
`;

export const listStyle = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.25rem 0.9rem;
  list-style: none;
  margin: 0;
  padding: 0;
`;

/** Radix's list sits in a div of its own (where it measures the open panel from). */
export const LIST_FRAME_STYLE = { position: 'relative' } as const;

/**
 * Each item lays out its one control: the link is then a block of its own, never a link inside a
 * run of text (the menu's triggers carry text of their own, and an inline link beside them reads
 * to accessibility checkers as a link in a paragraph that only colour sets apart).
 */
export const itemStyle = css`
  display: flex;
  align-items: center;
`;

export const triggerStyle = (colour: string) => css`
  display: inline-flex;
  align-items: center;
  gap: 0.3rem;
  font: inherit;
  font-weight: 500;
  white-space: nowrap;
  ${media.xxlDown} {
    font-size: 0.95rem;
  }
  color: ${colour};
  background: none;
  border: 0;
  padding: 0.5rem 0;
  cursor: pointer;
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
  /* The chevron turns when the panel is open. */
  &[data-state='open'] > span {
    transform: rotate(180deg);
  }
`;

/** A trigger's label and chevron. */
export function TriggerLabel({ label }: { label: string }) {
  return (
    <>
      {label}
      <span
        aria-hidden="true"
        css={css`
          font-size: 0.7em;
          transition: transform 150ms;
        `}
      >
        ▼
      </span>
    </>
  );
}
