import { siteSlug } from '@forecourt/shared-config';

/**
 * The pages of this tab's visit, for the leads it sends (spec lead_attributes: visited_pages,
 * linked_query_params), kept in the tab's sessionStorage under the site's own keys. Its own small
 * subpath (`@forecourt/shared-config/visits`) because the shell records every page and should
 * not carry the lead sender to do it.
 */

/** Spec: lead_attributes (visited_pages, linked_query_params). */
export interface LeadAttributes {
  visited_pages: string[];
  linked_query_params: Record<string, string>;
}

/** Pages of this tab's visit kept for the lead (the newest last). */
export const VISITED_PAGES_LIMIT = 20;
/** Query parameters worth passing on: how the shopper came (campaign tags, ad click ids). */
const LINKED_PARAM = /^(utm_[a-z]+|gclid|fbclid|msclkid|dclid|ref|source|campaign)$/i;

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

const key = (name: string) => `forecourt:${siteSlug()}:${name}`;

/** A JSON value of the tab's, under the site's key (the fallback when absent or unreadable). */
export function readTabJson<T>(name: string, fallback: T): T {
  try {
    const raw = tabStorage()?.getItem(key(name));
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

export function writeTabJson(name: string, value: unknown): void {
  try {
    tabStorage()?.setItem(key(name), JSON.stringify(value));
  } catch {
    // Storage full or refused: the lead is sent without it.
  }
}

/**
 * Called by the shell on every page of the visit: the pages this tab has seen (for the lead's
 * visited_pages) and, from the first page, the campaign parameters the shopper arrived with.
 */
export function recordVisitedPage(path: string, search: string = ''): void {
  const pages = readTabJson<string[]>('visited-pages', []);
  if (pages[pages.length - 1] !== path) writeTabJson('visited-pages', [...pages, path].slice(-VISITED_PAGES_LIMIT));
  const linked = readTabJson<Record<string, string> | null>('linked-query-params', null);
  if (linked === null || Object.keys(linked).length === 0) {
    const params = Object.fromEntries(
      [...new URLSearchParams(search)]
        .filter(([name]) => LINKED_PARAM.test(name))
        .map(([name, value]) => [name.slice(0, 64), value.slice(0, 512)]),
    );
    if (linked === null || Object.keys(params).length > 0) writeTabJson('linked-query-params', params);
  }
}

export function leadAttributes(): LeadAttributes {
  return {
    visited_pages: readTabJson<string[]>('visited-pages', []),
    linked_query_params: readTabJson<Record<string, string>>('linked-query-params', {}),
  };
}
