import { css } from '@emotion/react';
import { paths, useTenant } from '@forecourt/shared-config';
import type { LocationSettings } from '@forecourt/shared-config/tenant';
import { reviewBadgeShown, reviewCountText, siteReviews } from '../../../lib/reviews';
import { blockLocations } from '../../../lib/select';
import { useSiteLocations } from '../../../lib/api/locations';
import { REVIEWS_ANCHOR, ReviewStars } from './reviews';

/** No props: other teams pass `{}` through RemoteFragment. */
export type ReviewSummaryProps = Record<string, never>;

function SiteReviewSummary({ settings }: { settings: LocationSettings['reviews'] }) {
  const loaded = useSiteLocations();
  // Loading or failed (the load logs its warning): nothing, and no space kept, since this is a
  // decoration under the footer's phone and an empty line there would only move the page.
  if (loaded.status !== 'ready') return null;
  const summary = siteReviews(loaded.value);
  const primary = blockLocations(loaded.value, { mode: 'primary' })[0];
  if (!summary || !primary || !reviewBadgeShown(settings, summary)) return null;
  return (
    // No colours of its own: it sits on the host's surface (the footer's dark one) and reads in
    // the host's text and link colours.
    <p
      data-boundary="mf-locations"
      css={css`
        label: mf-locations-review-summary;
        margin: 0.5rem 0 0;
        display: flex;
        align-items: center;
        gap: 0.4rem;
        flex-wrap: wrap;
      `}
    >
      <ReviewStars average={summary.average_rating} size={16} tone="inherit" />
      <span>
        <strong>{summary.average_rating.toFixed(1)}</strong> ·{' '}
        <a href={`${paths.ourLocation(primary.slug)}#${REVIEWS_ANCHOR}`}>{reviewCountText(summary.count)}</a>
      </span>
    </p>
  );
}

/**
 * The exposed `mf_locations/ReviewSummary`: the whole site's rating (each dealership it shows
 * counted once, averaged by review count) as stars, the average and the count, linking to the
 * reviews on the primary location's page. The card badge's rule applies (spec: shown 'only when
 * the average rating exceeds a configured minimum and reviews are not hidden'); a site that hides
 * reviews does not even ask for its locations.
 */
export default function ReviewSummary(_props: ReviewSummaryProps) {
  const { locations } = useTenant();
  if (locations.reviews.hidden) return null;
  return <SiteReviewSummary settings={locations.reviews} />;
}
