import { useLayoutEffect } from 'react';

/**
 * The first paint: HTML the server renders into a page before any JavaScript has run, so a
 * shopper on a slow phone sees the page (the chrome, and for a route whose team can render it on
 * the server, its content: the first results, say) at once instead of after the shell, the
 * remote's entry, its chunks and its first query have arrived one after another.
 *
 * The contract between the server, the shell and a team's app:
 * - the server puts the team's HTML in the team's slot, wrapped in
 *   `<div data-first-paint="{team}" inert>`, and the data the app needs to render the same thing
 *   without waiting (e.g. the search results) in `<script id="forecourt-first-paint">` as
 *   `{ team, url, data }`;
 * - the page's CSS hides whatever the app renders next to that element, so the shopper never
 *   sees both, and nothing moves while the app builds itself underneath;
 * - the app takes the data (`takeFirstPaintData`) when it renders that same address and,
 *   once it shows what the server showed, removes the server's HTML in the same commit
 *   (`useFirstPaintHandover`): one frame to the next, the same layout, no shift;
 * - the shell removes it when the app fails or the shopper leaves the page (`dropFirstPaint`).
 *
 * The server's HTML is `inert` (no focus, no clicks, out of the accessibility tree): a filter
 * ticked there would be lost when the app takes over, and a shopper's input is never lost. Until
 * the hand-over the shopper reads the page; a moment later it works.
 */
export const FIRST_PAINT_DATA_ID = 'forecourt-first-paint';
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';

/** The CSS the page carries for it (the server inlines it in the head): the app waits unseen. */
export const FIRST_PAINT_CSS = `[${FIRST_PAINT_ATTRIBUTE}] ~ * { display: none !important; }`;

export interface FirstPaintPayload<T = unknown> {
  team: string;
  /** The address (path and query) the server rendered. */
  url: string;
  data: T;
}

/** Teams whose first paint is gone (handed over or dropped): their data is spent too. */
const spent = new Set<string>();
let allSpent = false;

/**
 * The data the server rendered `team`'s first paint from, while this page still shows the address
 * it was rendered for and until the app has taken over. Asked again before that (React may throw
 * away a render that suspended and start again), it gives the same; after it, or at another
 * address, nothing, so nobody renders stale results as fresh.
 */
export function takeFirstPaintData<T>(team: string, doc: Document = document): T | undefined {
  if (allSpent || spent.has(team)) return undefined;
  const element = doc.getElementById(FIRST_PAINT_DATA_ID);
  if (!element?.textContent) return undefined;
  let payload: FirstPaintPayload<T>;
  try {
    payload = JSON.parse(element.textContent) as FirstPaintPayload<T>;
  } catch {
    return undefined;
  }
  const here = `${doc.location.pathname}${doc.location.search}`;
  if (payload.team !== team || payload.url !== here) return undefined;
  return payload.data;
}

/** Removes the server's first paint of `team` (of every team when none is named). */
export function dropFirstPaint(team?: string, doc: Document = document): void {
  if (team) spent.add(team);
  else allSpent = true;
  const selector = team ? `[${FIRST_PAINT_ATTRIBUTE}="${CSS.escape(team)}"]` : `[${FIRST_PAINT_ATTRIBUTE}]`;
  for (const element of doc.querySelectorAll(selector)) {
    const focused = doc.activeElement instanceof HTMLElement && element.contains(doc.activeElement) ? doc.activeElement : null;
    const container = element.parentElement;
    element.remove();
    // A keyboard shopper who had already tabbed into the server's copy keeps their place: focus
    // moves to the same control in the app's own markup (same element, text and link).
    if (focused && container) {
      const same = [...container.querySelectorAll<HTMLElement>(focused.tagName)].find(
        (candidate) => candidate.textContent === focused.textContent && candidate.getAttribute('href') === focused.getAttribute('href') && candidate.getAttribute('name') === focused.getAttribute('name'),
      );
      same?.focus();
    }
  }
}

/**
 * Call in the component that renders what the server painted: once `ready` (it shows the same
 * content), the server's HTML goes in the same commit, before the browser paints again.
 */
export function useFirstPaintHandover(team: string, ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) dropFirstPaint(team);
  }, [team, ready]);
}

/** For tests: forget that the data was taken. */
export function resetFirstPaintForTests(): void {
  spent.clear();
  allSpent = false;
}
