import { capitalise, formatNumber } from '@forecourt/shared-config';
import { stateToQueryString, type SearchState } from './url-state';

/**
 * The 'Show Me N Cars' button (spec §2: "animated count (1 s), navigates to the results URL built
 * from the current filters and prefetches it"), used by the home page's quick finder.
 */
export const COUNT_ANIMATION_MS = 1000;

export interface QuickChoice {
  make?: string;
  body?: string;
  /** The most the shopper wants to pay; no limit when absent. */
  maxPrice?: number;
}

/** The results address for the choice, in the search page's own address format (`price=:40000`). */
export function showMePath(searchPath: string, choice: QuickChoice): string {
  const state: SearchState = {
    query: '',
    refinements: { ...(choice.make ? { make: [choice.make] } : {}), ...(choice.body ? { body: [choice.body] } : {}) },
    ranges: choice.maxPrice !== undefined ? { price: { max: choice.maxPrice } } : {},
  };
  return `${searchPath}${stateToQueryString(state, new Set(['price']))}`;
}

/** 'Show Me 212 Cars', 'Show Me 1 Car' (the site's noun, capitalised as the spec writes it). */
export function showMeText(count: number, noun: string): string {
  const word = capitalise(noun);
  return `Show Me ${formatNumber(count)} ${count === 1 ? word : `${word}s`}`;
}

/** The number shown `elapsed` ms into the 1 s count from `from` to `to` (eased out, whole numbers, exact at the end). */
export function countAt(from: number, to: number, elapsed: number, duration = COUNT_ANIMATION_MS): number {
  if (elapsed >= duration) return to;
  const t = Math.max(0, elapsed) / duration;
  const eased = 1 - (1 - t) ** 3;
  return Math.round(from + (to - from) * eased);
}

/** The search the count comes from: no hits, just the total, and the make and body lists. */
export function quickFinderFilters(choice: QuickChoice): { facetFilters: string[][]; numericFilters: string[] } {
  return {
    facetFilters: [
      ...(choice.make ? [[`make:${choice.make}`]] : []),
      ...(choice.body ? [[`body:${choice.body}`]] : []),
    ],
    numericFilters: choice.maxPrice !== undefined ? [`price<=${choice.maxPrice}`] : [],
  };
}
