import { formatNumber } from '@forecourt/shared-config';
/**
 * The card's optional view count (spec §2: "A card shows ... optional view count"; shown where the
 * site switches it on, `search.showViews`). The spec gives no wording; a count nobody has looked
 * at yet reads as nothing rather than '0 views', which would put shoppers off a new arrival.
 */
export function viewCountText(views: number | null | undefined): string | null {
  if (views === null || views === undefined || !Number.isFinite(views) || views < 1) return null;
  const n = Math.floor(views);
  return n === 1 ? '1 view' : `${formatNumber(n)} views`;
}
