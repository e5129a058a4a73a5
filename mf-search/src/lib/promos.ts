/**
 * Promo cards in the results grid. Spec (search-and-vehicle §2, §5; finance §9):
 * - a node shows by its dates: only a start, after it; only an expiry, before it; both, between
 *   them; neither, always;
 * - with strictDisplay a node shows only when the selected car types match its display list exactly;
 *   any node with a display list shows only on sites that sell one of its car types;
 * - nodes with a position come first (by position), the others after, optionally shuffled;
 * - cards go in at a single interval (every N results) or at a list of slots (8 and 17; 9 on
 *   another tenant), and the promo counter cycles through the nodes.
 */
export interface PromoNode {
  id: string;
  start: string | null;
  expiry: string | null;
  /** Sort position; nodes without one follow. */
  position: number | null;
  /** Car types the node is for (e.g. ['used']). */
  display: readonly string[];
  strictDisplay: boolean;
}

export type PromoSlots = { every: number } | { at: readonly number[] };

export function promoIsLive(node: Pick<PromoNode, 'start' | 'expiry'>, now: Date): boolean {
  const t = now.getTime();
  if (node.start !== null && t < Date.parse(node.start)) return false;
  if (node.expiry !== null && t > Date.parse(node.expiry)) return false;
  return true;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
}

/**
 * Whether a node is for stock the site sells: a node for new and demo stock ('Runout pricing on
 * selected new and demo stock') says nothing true on a used-only site. A node for no particular
 * types is for every site.
 */
export function promoForSite(node: Pick<PromoNode, 'display'>, siteCarTypes: readonly string[]): boolean {
  return node.display.length === 0 || node.display.some((type) => siteCarTypes.includes(type));
}

/** The nodes to cycle through, in order, for the car types the site sells and the shopper has selected. */
export function promoNodes<T extends PromoNode>(
  nodes: readonly T[],
  selectedCarTypes: readonly string[],
  now: Date,
  shuffle?: (items: T[]) => T[],
  siteCarTypes: readonly string[] = ['new', 'used', 'demo'],
): T[] {
  const live = nodes.filter(
    (n) =>
      promoIsLive(n, now) &&
      promoForSite(n, siteCarTypes) &&
      (!n.strictDisplay || sameSet(n.display, selectedCarTypes)),
  );
  const positioned = live
    .filter((n) => n.position !== null)
    .sort((a, b) => (a.position as number) - (b.position as number));
  const rest = live.filter((n) => n.position === null);
  return [...positioned, ...(shuffle ? shuffle(rest) : rest)];
}

export type GridItem<H, P> = { kind: 'hit'; hit: H } | { kind: 'promo'; promo: P; slot: number };

/**
 * Hits with promo cards inserted. Slots count grid cells from 1 (slot 8 is the 8th card); with
 * an interval, a promo follows every N hits. The counter cycles through the nodes and carries on
 * across pages (`counterStart`, the number of promos shown before this page).
 */
export function placePromos<H, P>(
  hits: readonly H[],
  promos: readonly P[],
  slots: PromoSlots,
  counterStart = 0,
): Array<GridItem<H, P>> {
  const out: Array<GridItem<H, P>> = [];
  if (promos.length === 0) return hits.map((hit) => ({ kind: 'hit', hit }));
  let counter = counterStart;
  const insertAt = 'at' in slots ? new Set(slots.at) : null;
  let sinceLast = 0;
  for (const hit of hits) {
    const cell = out.length + 1;
    const due = insertAt ? insertAt.has(cell) : 'every' in slots && slots.every > 0 && sinceLast === slots.every;
    if (due) {
      out.push({ kind: 'promo', promo: promos[counter % promos.length] as P, slot: cell });
      counter += 1;
      sinceLast = 0;
    }
    out.push({ kind: 'hit', hit });
    sinceLast += 1;
  }
  return out;
}

/** How many promo cards a full page of `perPage` results carries: what earlier pages used of the counter. */
export function promosPerPage(slots: PromoSlots, perPage: number): number {
  if ('at' in slots) return new Set(slots.at.filter((slot) => slot >= 1 && slot <= perPage + slots.at.length)).size;
  return slots.every > 0 ? Math.floor((perPage - 1) / slots.every) : 0;
}
