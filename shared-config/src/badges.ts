import { isInStock } from './stock-rules';
import { DANGER, SUCCESS, SURFACE } from './ui/tokens';

/** What the badge rule reads of a car: a search hit (mf-search's cards) or the vehicle page's car. */
export interface BadgeCar {
  status: string;
  /** 'new', 'used' or 'demo': the just-arrived tag says 'New' on a new car only. */
  car_type: string;
  /** The simple fuel: 'electric', 'hybrid', 'petrol hybrid', 'diesel', ... */
  fuel: string;
  reserved: boolean;
  certified: boolean;
  make: string;
  tag: string | null;
  /** When the car was listed, in seconds; null when unknown. */
  created_at_timestamp: number | null;
}

/**
 * The just-arrived tag on a used or demo car. The spec's 'New' (a car listed in the last 8 days)
 * read on a 2018 used car as its condition; the site's own text stays on new cars.
 */
export const JUST_ARRIVED_TEXT = 'Just arrived';

/** Spec (search-and-vehicle §9): a car is 'New' for 8 days after it was listed, unless the site says otherwise. */
export const JUST_ARRIVED_DAYS = 8;

export interface BadgeOptions {
  /** Show an Electric / Hybrid badge for those fuels (a site switch). */
  fuelBadge: boolean;
  /** The one make whose certified used cars carry the certified image badge, on sites that show it. */
  certifiedMake: string | null;
  /** Text of the just-arrived tag ('New' by default; site-configurable). */
  newText: string;
  newDays: number;
  /** Text on sold cars ('just sold' by default; site-configurable). */
  soldText: string;
  /** Tags shown in green; every other custom tag is red ('runout sale' on one site). */
  greenTags: readonly string[];
}

export const DEFAULT_BADGE_OPTIONS: BadgeOptions = {
  fuelBadge: false,
  certifiedMake: null,
  newText: 'New',
  newDays: JUST_ARRIVED_DAYS,
  soldText: 'just sold',
  greenTags: [],
};

export type Badge =
  | { kind: 'fuel'; text: 'Electric' | 'Hybrid' }
  | { kind: 'reserved'; text: 'Reserved' }
  | { kind: 'certified'; make: string }
  | { kind: 'tag'; text: string; tone: 'green' | 'red' }
  | { kind: 'coming-soon'; text: 'Coming soon' }
  | { kind: 'new'; text: string }
  | { kind: 'sold'; text: string };

const DAY_SECONDS = 86_400;

/** What a badge reads ('Toyota certified' for the certified badge, otherwise its text). */
export function badgeText(badge: Badge): string {
  return badge.kind === 'certified' ? `${badge.make} certified` : badge.text;
}

/** A badge's colour: a custom tag green or red by the site's list, sold grey, the rest near black. */
export function badgeColour(badge: Badge): string {
  if (badge.kind === 'tag') return badge.tone === 'green' ? SUCCESS.text : DANGER.text;
  return badge.kind === 'sold' ? SURFACE.strong : SURFACE.solid;
}

/**
 * The one tag badge a card (or a vehicle page) shows. Spec (search-and-vehicle §4): for in-stock cars, the first that
 * applies of: Electric or Hybrid fuel (where the site enables it), Reserved, the certified-used
 * image badge (one make, some sites), a custom tag, coming soon, 'New' within 8 days; otherwise
 * none. Sold cars show the 'just sold' tag. (The spec lists an order and ends "otherwise none",
 * so a card carries one tag, the highest in that order.)
 */
export function carBadge(car: BadgeCar, options: BadgeOptions, nowSeconds: number): Badge | null {
  if (!isInStock(car.status)) return car.status === 'sold' ? { kind: 'sold', text: options.soldText } : null;
  if (options.fuelBadge) {
    if (car.fuel === 'electric') return { kind: 'fuel', text: 'Electric' };
    if (car.fuel.includes('hybrid')) return { kind: 'fuel', text: 'Hybrid' };
  }
  if (car.reserved) return { kind: 'reserved', text: 'Reserved' };
  if (options.certifiedMake && car.certified && car.make === options.certifiedMake)
    return { kind: 'certified', make: car.make };
  if (car.tag) return { kind: 'tag', text: car.tag, tone: options.greenTags.includes(car.tag) ? 'green' : 'red' };
  if (car.status === 'coming_soon') return { kind: 'coming-soon', text: 'Coming soon' };
  if (car.created_at_timestamp !== null && nowSeconds - car.created_at_timestamp < options.newDays * DAY_SECONDS)
    return { kind: 'new', text: car.car_type === 'new' ? options.newText : JUST_ARRIVED_TEXT };
  return null;
}
