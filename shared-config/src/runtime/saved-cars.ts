import { useAtomValue } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { forecourtStore, showToast } from './store';

/**
 * Favourites and the compare list of an anonymous shopper (spec: "Visitor: browse, compare,
 * favourite (if storage enabled)"), kept in this browser's storage, which is the dealer site's own
 * (one origin per site). Every team's cards and pages read and change them here, so a car
 * favourited in the results shows as favourited on its vehicle page. Cars are named by slug.
 * The signed-in watchlist is another thing: it lives on the server.
 */

/** How many cars can be compared side by side: the spec gives no number; three fit a phone's table. */
export const COMPARE_LIMIT = 3;

export const favouritesAtom = atomWithStorage<string[]>('forecourt:favourites', [], undefined, { getOnInit: true });
export const compareAtom = atomWithStorage<string[]>('forecourt:compare', [], undefined, { getOnInit: true });

export type CompareChange = { list: string[]; outcome: 'added' | 'removed' | 'full' };

/** The compare list after the shopper toggles `slug`: added, removed, or refused when full. */
export function nextCompare(list: readonly string[], slug: string, limit: number = COMPARE_LIMIT): CompareChange {
  if (list.includes(slug)) return { list: list.filter((s) => s !== slug), outcome: 'removed' };
  if (list.length >= limit) return { list: [...list], outcome: 'full' };
  return { list: [...list, slug], outcome: 'added' };
}

export function toggleFavourite(slug: string): void {
  const list = forecourtStore.get(favouritesAtom);
  forecourtStore.set(favouritesAtom, list.includes(slug) ? list.filter((s) => s !== slug) : [...list, slug]);
}

/** Toggles a car in the compare list; a full list is left as it is and the shopper told why. */
export function toggleCompare(slug: string, noun = 'car'): CompareChange['outcome'] {
  const change = nextCompare(forecourtStore.get(compareAtom), slug);
  if (change.outcome === 'full') {
    showToast({ message: `You can compare up to ${COMPARE_LIMIT} ${noun}s. Remove one to add another.`, action: { label: 'Compare now', href: '/compare' } });
  } else {
    forecourtStore.set(compareAtom, change.list);
  }
  return change.outcome;
}

export function removeFromCompare(slug: string): void {
  forecourtStore.set(compareAtom, forecourtStore.get(compareAtom).filter((s) => s !== slug));
}

export const useFavourites = (): string[] => useAtomValue(favouritesAtom, { store: forecourtStore });
export const useCompareList = (): string[] => useAtomValue(compareAtom, { store: forecourtStore });
