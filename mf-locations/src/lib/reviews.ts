import { formatNumber } from '@forecourt/shared-config';
import type { LocationSettings } from '@forecourt/shared-config/tenant';
import type { DealerLocation, Review } from '../contract';

/** Spec: 'Google reviews 12': the reviews list shows the newest 12. */
export const GOOGLE_REVIEWS = 12;
/** Spec: 'Star rating shows at most 4 full stars plus a partial star'. */
export const MAX_FULL_STARS = 4;

/**
 * The card's review badge (spec: shown 'only when the average rating exceeds a configured
 * minimum and reviews are not hidden'; 'Reviews minimum rating 4'): hidden reviews, no reviews,
 * or an average at or under the minimum show none.
 */
export function reviewBadgeShown(
  settings: LocationSettings['reviews'],
  reviews: { average_rating: number; count: number } | null,
): boolean {
  if (settings.hidden || !reviews || reviews.count <= 0) return false;
  return reviews.average_rating > settings.minimumRating;
}

/**
 * The whole site's review figures from the locations it shows: each dealership once (its
 * locations all carry the dealership's figures), the average weighted by each one's count.
 * Rounded to one decimal like the dealerships' own averages, so the badge rule judges the
 * number the shopper reads (4.04 shows as '4.0', which does not exceed a minimum of 4). Null
 * when no dealership has a review.
 */
export function siteReviews(
  locations: readonly Pick<DealerLocation, 'dealership_slug' | 'reviews'>[],
): { average_rating: number; count: number } | null {
  const dealerships = new Map<string, { average_rating: number; count: number }>();
  for (const { dealership_slug, reviews } of locations) {
    if (reviews && reviews.count > 0 && !dealerships.has(dealership_slug)) dealerships.set(dealership_slug, reviews);
  }
  let count = 0;
  let total = 0;
  for (const figures of dealerships.values()) {
    count += figures.count;
    total += figures.average_rating * figures.count;
  }
  return count > 0 ? { average_rating: Math.round((total / count) * 10) / 10, count } : null;
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
  return `${formatNumber(count)} review${count === 1 ? '' : 's'}`;
}
