import type { Review } from '../contract';
import { reviewBadgeShown, reviewCountText, reviewsShown, siteReviews, starFills } from './reviews';

const shown = { hidden: false, minimumRating: 4 };

describe('the review badge', () => {
  it("shows the spec's sample (4.6 from 673 reviews) at the default minimum of 4", () => {
    expect(reviewBadgeShown(shown, { average_rating: 4.6, count: 673 })).toBe(true);
  });

  it('hides an average that does not exceed the minimum (3.8, and 4.0 exactly)', () => {
    expect(reviewBadgeShown(shown, { average_rating: 3.8, count: 41 })).toBe(false);
    expect(reviewBadgeShown(shown, { average_rating: 4, count: 41 })).toBe(false);
  });

  it('hides every badge on a site that hides reviews', () => {
    expect(reviewBadgeShown({ hidden: true, minimumRating: 4 }, { average_rating: 4.9, count: 200 })).toBe(false);
  });

  it('hides a badge with no reviews behind it', () => {
    expect(reviewBadgeShown(shown, { average_rating: 5, count: 0 })).toBe(false);
  });
});

describe("the site's review summary", () => {
  const at = (dealership_slug: string, reviews: { average_rating: number; count: number } | null) => ({
    dealership_slug,
    reviews,
  });

  it("counts a dealership once however many of its locations the site shows (the spec's sample: 4.6 from 673)", () => {
    const summit = { average_rating: 4.6, count: 673 };
    expect(siteReviews([at('summit-ford', summit), at('summit-ford', summit), at('summit-ford', summit)])).toEqual({
      average_rating: 4.6,
      count: 673,
    });
  });

  it("weights each dealership's average by its count: 4.8 from 573 and 3.4 from 100 are 4.6 from 673", () => {
    expect(
      siteReviews([
        at('summit-ford', { average_rating: 4.8, count: 573 }),
        at('summit-kia', { average_rating: 3.4, count: 100 }),
      ]),
    ).toEqual({ average_rating: 4.6, count: 673 });
  });

  it('leaves out dealerships with no reviews', () => {
    expect(
      siteReviews([
        at('summit-ford', { average_rating: 4.6, count: 673 }),
        at('summit-kia', null),
        at('summit-fleet', { average_rating: 1, count: 0 }),
      ]),
    ).toEqual({ average_rating: 4.6, count: 673 });
  });

  it('has none when no dealership has a review, or the site hides them', () => {
    expect(siteReviews([])).toBeNull();
    expect(siteReviews([at('summit-ford', null), at('summit-kia', { average_rating: 5, count: 0 })])).toBeNull();
  });

  it('rounds to the one decimal shown, so 4.004 reads 4.0 and does not exceed the minimum of 4', () => {
    const summary = siteReviews([
      at('summit-ford', { average_rating: 4.1, count: 1 }),
      at('summit-kia', { average_rating: 4, count: 24 }),
    ]);
    expect(summary).toEqual({ average_rating: 4, count: 25 });
    expect(reviewBadgeShown(shown, summary)).toBe(false);
  });
});

describe('the stars (spec: at most 4 full stars plus a partial star)', () => {
  it.each([
    [4.6, [1, 1, 1, 1, 0.6]],
    [5, [1, 1, 1, 1, 1]],
    [3.2, [1, 1, 1, 0.2, 0]],
    [0, [0, 0, 0, 0, 0]],
    [7, [1, 1, 1, 1, 1]],
  ])('fills %d as %j', (average, fills) => {
    expect(starFills(average)).toEqual(fills);
  });
});

describe('the reviews list', () => {
  // Spec sample data: 20 reviews.
  const reviews: Review[] = Array.from({ length: 20 }, (_, i) => ({
    id: `r${i}`,
    customer_name: 'Olivia M.',
    text: 'Great service.',
    rating: 5,
    review_date: `2026-0${1 + (i % 9)}-${String(10 + i).padStart(2, '0')}T00:00:00.000Z`,
    reply_text: null,
    reply_date: null,
    image: null,
  }));

  it('shows the newest 12 (spec: Google reviews 12)', () => {
    const list = reviewsShown(reviews);
    expect(list).toHaveLength(12);
    expect(list[0]!.review_date >= list[11]!.review_date).toBe(true);
    expect(list.map((review) => review.review_date)).toEqual(
      [...reviews.map((review) => review.review_date)].sort().reverse().slice(0, 12),
    );
  });

  it("counts '673 reviews' and '1 review'", () => {
    expect(reviewCountText(673)).toBe('673 reviews');
    expect(reviewCountText(1)).toBe('1 review');
  });
});
