import { css } from '@emotion/react';
import { RATING, SURFACE, useTenant } from '@forecourt/shared-config';
import { useEffect, useId, useRef } from 'react';
import type { DealerLocation, Review } from '../../../contract';
import { useNow } from '../../../lib/first-paint';
import { reviewBadgeShown, reviewCountText, reviewsShown, starFills } from '../../../lib/reviews';
import { useReviews } from '../../../lib/api/locations';

const STAR_PATH = 'M12 2l2.9 6.9 7.1.6-5.4 4.7 1.7 7.3L12 17.8 5.7 21.5l1.7-7.3L2 9.5l7.1-.6z';

/**
 * Five stars, each filled to its share (spec: 'at most 4 full stars plus a partial star'); read
 * out as '4.6 out of 5'. `tone="inherit"` draws the unfilled part in the surrounding text colour,
 * faded, for a surface this team does not choose (the site footer's dark one), where the light
 * grey would read as filled.
 */
export function ReviewStars({
  average,
  size = 18,
  tone = 'light',
}: {
  average: number;
  size?: number;
  tone?: 'light' | 'inherit';
}) {
  const id = useId();
  const empty = tone === 'inherit' ? { stopColor: 'currentColor', stopOpacity: 0.35 } : { stopColor: RATING.empty };
  return (
    <span
      role="img"
      aria-label={`${average.toFixed(1)} out of 5 stars`}
      css={{ display: 'inline-flex', gap: 2, verticalAlign: 'middle' }}
    >
      {starFills(average).map((fill, index) => (
        <svg key={index} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
          <defs>
            <linearGradient id={`${id}-${index}`}>
              <stop offset={`${fill * 100}%`} stopColor={RATING.filled} />
              <stop offset={`${fill * 100}%`} {...empty} />
            </linearGradient>
          </defs>
          <path d={STAR_PATH} fill={`url(#${id}-${index})`} />
        </svg>
      ))}
    </span>
  );
}

/** The card's review badge: stars, the average and the count, only where the site shows reviews and the average reaches its minimum. */
export function ReviewBadge({ location }: { location: DealerLocation }) {
  const { locations } = useTenant();
  if (!location.reviews || !reviewBadgeShown(locations.reviews, location.reviews)) return null;
  return (
    <p css={{ margin: 0, display: 'flex', alignItems: 'center', gap: '0.4rem', flexWrap: 'wrap' }}>
      <ReviewStars average={location.reviews.average_rating} />
      <span>
        <strong>{location.reviews.average_rating.toFixed(1)}</strong> · {reviewCountText(location.reviews.count)}
      </span>
    </p>
  );
}

const dateFormat = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const relative = new Intl.RelativeTimeFormat('en-AU', { numeric: 'auto' });

/** '3 months ago', as the review's date in words (spec: review_date_in_words). */
export function inWords(iso: string, now: Date): string {
  const days = Math.round((now.getTime() - Date.parse(iso)) / 86_400_000);
  if (days < 1) return 'today';
  if (days < 7) return relative.format(-days, 'day');
  if (days < 30) return relative.format(-Math.floor(days / 7), 'week');
  if (days < 365) return relative.format(-Math.floor(days / 30), 'month');
  return relative.format(-Math.floor(days / 365), 'year');
}

function ReviewItem({ review, now }: { review: Review; now: Date }) {
  return (
    <li
      css={css`
        padding: 0.85rem 0;
        border-bottom: 1px solid ${SURFACE.divider};
        &:last-child {
          border-bottom: none;
        }
      `}
    >
      <p css={{ margin: '0 0 0.25rem', display: 'flex', gap: '0.5rem', alignItems: 'center', flexWrap: 'wrap' }}>
        <strong>{review.customer_name}</strong>
        <ReviewStars average={review.rating} size={14} />
        <time
          dateTime={review.review_date}
          title={dateFormat.format(new Date(review.review_date))}
          css={{ color: SURFACE.muted, fontSize: '0.875rem' }}
        >
          {inWords(review.review_date, now)}
        </time>
      </p>
      <p css={{ margin: 0 }}>{review.text}</p>
      {review.reply_text && (
        <p
          css={css`
            margin: 0.5rem 0 0 1rem;
            padding-left: 0.75rem;
            border-left: 3px solid ${SURFACE.border};
            color: ${SURFACE.muted};
          `}
        >
          <strong>Reply from the dealer:</strong> {review.reply_text}
        </p>
      )}
    </li>
  );
}

/** The reviews section's place on a location page: `/our-location/{slug}#reviews`. */
export const REVIEWS_ANCHOR = 'reviews';

/** The dealership's review summary (average, count, stars) and its newest 12 reviews; nothing where the site hides reviews. */
export function ReviewsSection({
  dealershipSlug,
  dealershipName,
  now: given,
}: {
  dealershipSlug: string;
  dealershipName: string;
  now?: Date;
}) {
  const now = useNow(given);
  const { locations } = useTenant();
  const loaded = useReviews(locations.reviews.hidden ? null : dealershipSlug);
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const shown = loaded.status === 'ready' && loaded.value !== null;
  // The reviews arrive after the page has loaded, too late for the browser's own jump to
  // `#reviews` (where the `ReviewSummary` fragment links, from the site's footer): jump once
  // they are on screen.
  useEffect(() => {
    if (shown && window.location.hash === `#${REVIEWS_ANCHOR}`) section.current?.scrollIntoView();
  }, [shown]);
  if (loaded.status !== 'ready' || !loaded.value) return null;
  const summary = loaded.value;
  const average = Number(summary.average_rating);
  return (
    <section
      ref={section}
      id={REVIEWS_ANCHOR}
      aria-labelledby={headingId}
      css={css`
        label: mf-locations-reviews;
        padding: 1rem 1.25rem;
        border: 1px solid ${SURFACE.border};
        border-radius: ${SURFACE.radius};
        background: ${SURFACE.background};
      `}
    >
      <h2 id={headingId} css={{ fontSize: '1.25rem', margin: '0 0 0.5rem' }}>
        {`What customers say about ${dealershipName}`}
      </h2>
      <p css={{ margin: '0 0 0.5rem', display: 'flex', alignItems: 'center', gap: '0.5rem', flexWrap: 'wrap' }}>
        <span css={{ fontSize: '2rem', fontWeight: 800 }}>{summary.average_rating}</span>
        <ReviewStars average={average} size={22} />
        <span css={{ color: SURFACE.muted }}>{`from ${reviewCountText(summary.count)}`}</span>
      </p>
      <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {reviewsShown(summary.reviews).map((review) => (
          <ReviewItem key={review.id} review={review} now={now} />
        ))}
      </ul>
    </section>
  );
}
