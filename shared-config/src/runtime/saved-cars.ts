import { useAtomValue } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { track } from './analytics';
import { BOOT_DATA_ELEMENT_ID } from './boot';
import { forecourtStore, showToast, tenantAtom } from './store';

/**
 * Favourites, the compare list and the recently viewed cars of an anonymous shopper (spec:
 * "Visitor: browse, compare, favourite (if storage enabled)"), kept in this browser's storage
 * under keys of the site's own (`forecourt:{site}:favourites`), so two dealer sites served from
 * one origin never share a list. Every team's cards and pages read and change them here, so a car
 * favourited in the results shows as favourited on its vehicle page. The signed-in watchlist is
 * another thing: it lives on the server (session.ts).
 */

/** How many cars can be compared side by side: the spec gives no number; three fit a phone's table. */
export const COMPARE_LIMIT = 3;
/** How many recently viewed cars are kept. */
export const VIEWED_LIMIT = 20;
/**
 * Analytics id of 'favourite added' (spec: 'adding logs an analytics event', without its id).
 * Ids from 1000 up are the platform's own, for events the spec does not number, so they never
 * collide with the spec's ids (4 to 61).
 */
export const FAVOURITE_ADDED_EVENT = 1001;

/** Spec (finance-leads-locations §3): 'Favourite entry: id, name, slug, make, model, primary_image_url'. */
export interface FavouriteEntry {
  id: string;
  name: string;
  slug: string;
  make: string;
  model: string;
  primary_image_url: string | null;
}

/** Spec (§3): 'Viewed-car entry: id, stocknum, make, model, body, simple_body'. */
export interface ViewedCarEntry {
  id: string;
  stocknum: string;
  make: string;
  model: string;
  body: string;
  simple_body: string;
}

/**
 * The site these lists belong to: the page's tenant, or before the shell has set it (the lists
 * are read when this module loads) the tenant in the page's boot data.
 */
export function siteSlug(): string {
  const fromStore = forecourtStore.get(tenantAtom)?.slug;
  if (fromStore) return fromStore;
  if (typeof document === 'undefined') return 'site';
  try {
    return (
      (JSON.parse(document.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent ?? '{}') as { tenant?: { slug?: string } })
        .tenant?.slug ?? 'site'
    );
  } catch {
    return 'site';
  }
}

/** The server has no shopper's storage: read as empty, written nowhere. */
const NO_STORAGE = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };

/** Browser storage under the site's own keys (none on the server, where the lists start empty). */
function siteStorage<T>() {
  const site = siteSlug;
  const json = createJSONStorage<T>(() => (typeof window === 'undefined' ? NO_STORAGE : window.localStorage));
  return {
    getItem: (key: string, initial: T) => json.getItem(`forecourt:${site()}:${key}`, initial),
    setItem: (key: string, value: T) => json.setItem(`forecourt:${site()}:${key}`, value),
    removeItem: (key: string) => json.removeItem(`forecourt:${site()}:${key}`),
  };
}

export const favouritesAtom = atomWithStorage<FavouriteEntry[]>('favourites', [], siteStorage<FavouriteEntry[]>(), {
  getOnInit: true,
});
export const compareAtom = atomWithStorage<string[]>('compare', [], siteStorage<string[]>(), { getOnInit: true });
export const viewedCarsAtom = atomWithStorage<ViewedCarEntry[]>('viewed', [], siteStorage<ViewedCarEntry[]>(), {
  getOnInit: true,
});

export type CompareChange = { list: string[]; outcome: 'added' | 'removed' | 'full' };

/** The compare list after the shopper toggles `slug`: added, removed, or refused when full. */
export function nextCompare(list: readonly string[], slug: string, limit: number = COMPARE_LIMIT): CompareChange {
  if (list.includes(slug)) return { list: list.filter((s) => s !== slug), outcome: 'removed' };
  if (list.length >= limit) return { list: [...list], outcome: 'full' };
  return { list: [...list, slug], outcome: 'added' };
}

/** Flips a car in the favourites (spec: 'flips per car; adding logs an analytics event'). */
export function toggleFavourite(car: FavouriteEntry): 'added' | 'removed' {
  const list = forecourtStore.get(favouritesAtom);
  if (list.some((entry) => entry.slug === car.slug)) {
    forecourtStore.set(
      favouritesAtom,
      list.filter((entry) => entry.slug !== car.slug),
    );
    return 'removed';
  }
  const entry: FavouriteEntry = {
    id: car.id,
    name: car.name,
    slug: car.slug,
    make: car.make,
    model: car.model,
    primary_image_url: car.primary_image_url,
  };
  forecourtStore.set(favouritesAtom, [...list, entry]);
  void track(FAVOURITE_ADDED_EVENT, { car_id: car.id, make: car.make, model: car.model });
  return 'added';
}

/** Toggles a car in the compare list; a full list is left as it is and the shopper told why. */
export function toggleCompare(slug: string, noun = 'car'): CompareChange['outcome'] {
  const change = nextCompare(forecourtStore.get(compareAtom), slug);
  if (change.outcome === 'full') {
    showToast({
      message: `You can compare up to ${COMPARE_LIMIT} ${noun}s. Remove one to add another.`,
      action: { label: 'Compare now', href: '/compare' },
    });
  } else {
    forecourtStore.set(compareAtom, change.list);
  }
  return change.outcome;
}

export function removeFromCompare(slug: string): void {
  forecourtStore.set(
    compareAtom,
    forecourtStore.get(compareAtom).filter((s) => s !== slug),
  );
}

/** Puts a car at the front of the recently viewed (once; the oldest drop off past 20). */
export function recordViewedCar(car: ViewedCarEntry): void {
  const rest = forecourtStore.get(viewedCarsAtom).filter((entry) => entry.id !== car.id);
  forecourtStore.set(
    viewedCarsAtom,
    [
      {
        id: car.id,
        stocknum: car.stocknum,
        make: car.make,
        model: car.model,
        body: car.body,
        simple_body: car.simple_body,
      },
      ...rest,
    ].slice(0, VIEWED_LIMIT),
  );
}

/** The favourited cars' slugs, in the order they were added. */
export const useFavourites = (): string[] =>
  useAtomValue(favouritesAtom, { store: forecourtStore }).map((entry) => entry.slug);
export const useCompareList = (): string[] => useAtomValue(compareAtom, { store: forecourtStore });
export const useViewedCars = (): ViewedCarEntry[] => useAtomValue(viewedCarsAtom, { store: forecourtStore });
