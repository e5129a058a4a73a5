/** The spec's time windows and tags, and the small helpers every seed builder shares (slugs, dates). */

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Spec: sold cars stay visible for 3 days; cars are 'New' for 8 days. */
export const SOLD_VISIBLE_DAYS = 3;
export const JUST_ARRIVED_DAYS = 8;
export const DEFAULT_CARS_PER_TENANT = 240;

export const CUSTOM_TAGS = ['runout sale', 'Test Drive Only', 'Clearance', 'Low Kms', 'One Owner'] as const;

/** A caravan is towed, not driven: the tags its dealer gives it where a car's would say so. */
export const CARAVAN_TAGS: Partial<Record<(typeof CUSTOM_TAGS)[number], string>> = {
  'Test Drive Only': 'Display Only',
  'Low Kms': 'Lightly Used',
};

/** A caravan's price type where a car's is 'Drive Away': caravan dealers price on road. */
export function itemPriceType(priceType: string, itemType: string): string {
  return itemType === 'caravan' && priceType === 'Drive Away' ? 'On Road' : priceType;
}

export { slugify } from '@forecourt/shared-config/format';

export const isoDate = (ms: number) => new Date(ms).toISOString();
export const dateOnly = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/**
 * Whether the site's items are cars, whichever of the two nouns it calls them by: such a site's
 * promo cards carry the spec's car texts word for word; a site of other items gets its own.
 */
export function itemsAreCars(itemNoun: string): boolean {
  return itemNoun === 'car' || itemNoun === 'vehicle';
}
