/**
 * Lists of the filter bar and the search history. Spec: make lists show 7 (or the site's
 * popular-makes count: the tenant's `search.makesShown`, 7 by default) with 'Show all makes' /
 * 'Hide extra makes'; the model facet shows at most
 * 30 (search-and-vehicle §9); body tiles show 4, or 20 with custom bodies, by count descending
 * then name descending (finance §9); search history keeps the last 5 searches with their paths
 * (finance §9).
 */
/** The make list's toggle (spec §9), shown while makes are hidden and once all are shown. */
export const MAKE_LIST_TOGGLE = { more: 'Show all makes', less: 'Hide extra makes' } as const;
export const MODEL_FACET_LIMIT = 30;
export const BODY_TILES = 4;
export const BODY_TILES_CUSTOM = 20;
export const SEARCH_HISTORY_SIZE = 5;

/** Spec (finance §9): the body types the tiles know. */
export const BODY_TYPES = [
  '4x4',
  'bus',
  'cabChassis',
  'convertible',
  'coupe',
  'ev',
  'hardtop',
  'hatch',
  'hatchback',
  'motorhome',
  'lightTruck',
  'peopleMover',
  'prestige',
  'sedan',
  'softtop',
  'suv',
  'ute',
  'van',
  'wagon',
  'stationWagon',
] as const;

/** The makes shown of a list, `shown` at first (the site's `search.makesShown`), and the toggle's text. */
export function makeList<T>(
  makes: readonly T[],
  expanded: boolean,
  shown: number,
): { visible: readonly T[]; toggle: string | null } {
  if (makes.length <= shown) return { visible: makes, toggle: null };
  return expanded
    ? { visible: makes, toggle: MAKE_LIST_TOGGLE.less }
    : { visible: makes.slice(0, shown), toggle: MAKE_LIST_TOGGLE.more };
}

export function bodyTiles(
  counts: Record<string, number>,
  customBodies: boolean,
): Array<{ body: string; count: number }> {
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([body, count]) => ({ body, count }))
    .sort((a, b) => b.count - a.count || b.body.localeCompare(a.body))
    .slice(0, customBodies ? BODY_TILES_CUSTOM : BODY_TILES);
}

export interface HistoryEntry {
  label: string;
  path: string;
}

/** The history after a search: newest first, one entry per path, at most 5. */
export function rememberSearch(history: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return [entry, ...history.filter((h) => h.path !== entry.path)].slice(0, SEARCH_HISTORY_SIZE);
}

/** A value of the certified facet as the filter bar lists it. */
export interface CertifiedItem {
  value: string;
  label: string;
}

const CERTIFIED_LABELS: Record<string, string> = { true: 'Certified', false: 'Not certified' };

/**
 * The certified facet's values (spec §5: "The facet 'certified' hides 'false' values when the
 * site is certified-only"), labelled for shoppers rather than as 'true' / 'false'.
 */
export function certifiedItems<T extends CertifiedItem>(items: readonly T[], certifiedOnly: boolean): T[] {
  return items
    .filter((item) => !(certifiedOnly && item.value === 'false'))
    .map((item) => ({ ...item, label: CERTIFIED_LABELS[item.value] ?? item.label }));
}

const DAY_SECONDS = 86_400;

/**
 * The 'Listed' filter (created_at_timestamp, spec §3): how recent a listing is, in days. The first
 * choice is the site's just-arrived window ('New' badge, 8 days by default, spec §9).
 */
export function listedChoices(newDays: number): Array<{ days: number; label: string }> {
  const choices = [
    { days: newDays, label: `Just arrived (last ${newDays} days)` },
    { days: 30, label: 'In the last 30 days' },
    { days: 90, label: 'In the last 90 days' },
  ];
  return choices
    .filter((choice, i) => choices.findIndex((c) => c.days === choice.days) === i)
    .sort((a, b) => a.days - b.days);
}

/** The earliest listing time of a choice, rounded down to the hour so an address stays the same for an hour. */
export function listedSince(days: number, nowSeconds: number): number {
  return Math.floor((nowSeconds - days * DAY_SECONDS) / 3600) * 3600;
}

/** Which choice a filter's lower bound is (the nearest whole number of days), for reading an address back. */
export function listedDays(since: number, nowSeconds: number): number {
  return Math.round((nowSeconds - since) / DAY_SECONDS);
}
