import type { HealthBucket, HealthWindow } from '@forecourt/admin-contract';

export const WINDOW_WORDS: Record<HealthWindow, string> = { hour: 'the last hour', day: 'the last day' };

/** "per 5 minutes", "per hour": what one bucket of the API's window covers. */
export function bucketWords(bucketSeconds: number): string {
  if (bucketSeconds % 3600 === 0) return bucketSeconds === 3600 ? 'per hour' : `per ${bucketSeconds / 3600} hours`;
  if (bucketSeconds % 60 === 0) return bucketSeconds === 60 ? 'per minute' : `per ${bucketSeconds / 60} minutes`;
  return `per ${bucketSeconds} seconds`;
}

/** uPlot's columns: bucket starts (Unix seconds), clean mounts, failures. */
export type ChartColumns = [number[], number[], number[]];

/**
 * The API's buckets as uPlot's columns, oldest first. The API sends every bucket of the window,
 * with 0 where nothing was reported, so a quiet stretch shows as zero rather than a line drawn
 * across it.
 */
export function chartColumns(buckets: readonly HealthBucket[]): ChartColumns {
  const sorted = [...buckets].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return [sorted.map((b) => Date.parse(b.at) / 1000), sorted.map((b) => b.clean), sorted.map((b) => b.failures)];
}

/** The buckets with any report, newest first: the rows of the table beside a chart. */
export function reportedBuckets(buckets: readonly HealthBucket[]): HealthBucket[] {
  return buckets.filter((b) => b.clean + b.failures > 0).sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}
