import type { PromoCardData } from '../src/contract';

/** A promo node as the platform stores it (spec: start, expiry, position, display, strictDisplay, node). */
export interface StoredPromoNode {
  id: string;
  start: string | Date | null;
  expiry: string | Date | null;
  position: number | null;
  display: string[];
  strict_display: boolean;
  node: { title: string; text: string; href: string; image_url: string | null };
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** Stored promo nodes as the results page reads them. */
export function promoCards(nodes: StoredPromoNode[]): PromoCardData[] {
  return nodes.map((n) => ({
    id: n.id,
    start: iso(n.start),
    expiry: iso(n.expiry),
    position: n.position,
    display: n.display,
    strictDisplay: n.strict_display,
    title: n.node.title,
    text: n.node.text,
    href: n.node.href,
    imageUrl: n.node.image_url,
  }));
}
