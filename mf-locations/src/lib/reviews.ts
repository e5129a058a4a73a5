import type { LocationSettings } from '@forecourt/shared-config/tenant';
import type { Review } from './api';

/** Spec: 'Google reviews 12': the reviews list shows the newest 12. */
export const GOOGLE_REVIEWS = 12;
/** Spec: 'Star rating shows at most 4 full stars plus a partial star'. */
export const MAX_FULL_STARS = 4;

/**
 * The card's review badge (spec: shown 'only when the average rating exceeds a configured
 * minimum and reviews are not hidden'; 'Reviews minimum rating 4'): hidden reviews, no reviews,
 * or an average at or under the minimum show none.
 */
export function reviewBadgeShown(settings: LocationSettings['reviews'], reviews: { average_rating: number; count: number } | null): boolean {
  if (settings.hidden || !reviews || reviews.count <= 0) return false;
  return reviews.average_rating > settings.minimumRating;
}

/**
 * How full each of five stars is, 0 to 1: at most four full stars, then the remainder as the
 * partial star (to one decimal), then empty ones. A 5.0 average fills the fifth as its partial.
 */
export function starFills(average: number): number[] {
  const value = Math.min(5, Math.max(0, average));
  const full = Math.min(MAX_FULL_STARS, Math.floor(value));
  const partial = Math.round(Math.min(1, value - full) * 10) / 10;
  return [0, 1, 2, 3, 4].map((star) => (star < full ? 1 : star === full ? partial : 0));
}

/** The newest reviews the list shows, at most 12. */
export function reviewsShown(reviews: readonly Review[]): Review[] {
  return [...reviews].sort((a, b) => b.review_date.localeCompare(a.review_date)).slice(0, GOOGLE_REVIEWS);
}

export function reviewCountText(count: number): string {
  return `${count.toLocaleString('en-AU')} review${count === 1 ? '' : 's'}`;
}
