import { SURFACE } from './ui/tokens';

/** The sites' one locale for figures: Australian dealers, Australian separators. */
const LOCALE = 'en-AU';

/**
 * A figure as the sites write it: thousands separated ('12,345'), up to three decimals unless
 * `options` says otherwise (e.g. `{ maximumFractionDigits: 1 }` for a distance).
 */
export function formatNumber(
  value: number,
  options?: Pick<Intl.NumberFormatOptions, 'minimumFractionDigits' | 'maximumFractionDigits'>,
): string {
  return value.toLocaleString(LOCALE, options);
}

/** Whole dollars with thousands separators: the spec shows dollar figures rounded. */
export function formatDollars(amount: number): string {
  return `$${formatNumber(Math.round(amount))}`;
}

/** An odometer reading as cards, filters and specifications show it: '45,342 kms'. */
export function formatKms(km: number): string {
  return `${formatNumber(km)} kms`;
}

function luminance(hex: string): number {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** WCAG contrast ratio of two `#rrggbb` colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const DARK_TEXT: string = SURFACE.text;
export const LIGHT_TEXT: string = SURFACE.onInverse;

/**
 * Text colour for a tenant-chosen background: dealers pick brand colours, not accessible pairs,
 * so text on them is whichever of dark or white reads better.
 */
export function readableTextOn(background: string): string {
  return contrastRatio(background, LIGHT_TEXT) >= contrastRatio(background, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}

/**
 * A name as it appears in addresses and in the search index's slug attributes ('Mercedes-Benz'
 * -> 'mercedes-benz', 'A & B' -> 'a-and-b'): the index and every link to it use this one rule.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** 'car' -> 'Car': the tenant's item noun at the start of a label. */
export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A tel: link target from a displayed number: '02 9000 0000' -> 'tel:0290000000'. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, '')}`;
}

const BODY_ACRONYMS: Record<string, string> = { suv: 'SUV', ev: 'EV', '4x4': '4x4' };

/**
 * A body-type key (the product's list: 4x4, cabChassis, peopleMover, suv, ...) as a shopper reads
 * it: 'cabChassis' -> 'Cab chassis', 'suv' -> 'SUV'. One rule for every team that prints a body
 * type (filters and tiles, the sticky header, the specifications, the comparison).
 */
export function bodyLabel(key: string): string {
  const acronym = BODY_ACRONYMS[key.toLowerCase()];
  if (acronym) return acronym;
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What stock feeds write where a car has no such thing (a caravan's transmission and fuel). */
const NOT_APPLICABLE = new Set(['', 'none', 'not applicable', 'n/a', 'na', '-']);

/**
 * A specification value as shown ('automatic' -> 'Automatic'), or null where the feed says the
 * car has none: a row or a part of a line that would read 'Transmission: None' is left out.
 */
export function specText(value: string | null | undefined): string | null {
  if (value == null || NOT_APPLICABLE.has(value.trim().toLowerCase())) return null;
  return capitalise(value.trim());
}

/** Items copy calls by these nouns are towed behind a car, not driven: no test drive, odometer or fuel. */
const TOWED_ITEMS = new Set(['caravan', 'camper trailer', 'trailer']);

/** Whether the tenant's item noun (or a car's item type) names something towed, not driven. */
export function isTowed(itemNoun: string): boolean {
  return TOWED_ITEMS.has(itemNoun.toLowerCase());
}
