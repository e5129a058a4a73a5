import { css } from '@emotion/react';
import { useEffect, useMemo, useRef } from 'react';
import type { HealthBucket, HealthWindow } from '@forecourt/admin-contract';
import { COLOUR, SPACE } from '../theme/tokens';
import { formatCount, formatDateTime, formatTime } from '../ui/format';
import { ScrollRegion, tableStyle } from '../ui/table';
import { bucketWords, chartColumns, reportedBuckets, WINDOW_WORDS } from './series';
import type { DrawnChart } from './uplot-chart';

/**
 * Whether this browser can draw a uPlot chart (a canvas, media queries for the pixel ratio, and
 * a resize observer). Where it cannot, the table alone carries the numbers, as it does for a
 * screen reader anyway.
 */
function canDraw(): boolean {
  return typeof globalThis.matchMedia === 'function' && typeof ResizeObserver === 'function';
}

export interface HealthChartProps {
  /** What the numbers are of, e.g. 'mf-search 1.1.6'. */
  subject: string;
  buckets: readonly HealthBucket[];
  span: HealthWindow;
  /** What one bucket covers (the API's bucketSeconds). */
  bucketSeconds: number;
  /** Canvas height in px: small on the overview, larger on a remote's page. */
  height?: number;
}

/**
 * Mount reports of one version per bucket of the window: the chart (uPlot, loaded with the first chart) and,
 * beside it, the same numbers as a table, the chart's text equivalent.
 */
export function HealthChart({ subject, buckets, span, bucketSeconds, height = 90 }: HealthChartProps) {
  const columns = useMemo(() => chartColumns(buckets), [buckets]);
  const rows = useMemo(() => reportedBuckets(buckets), [buckets]);
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<DrawnChart | null>(null);
  const latest = useRef(columns);
  latest.current = columns;

  useEffect(() => {
    const target = box.current;
    if (!target || !canDraw()) return;
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    import('./uplot-chart').then(
      ({ drawHealthChart }) => {
        if (cancelled) return;
        chart.current = drawHealthChart(target, latest.current, { height, bucketSeconds });
        observer = new ResizeObserver(() => chart.current?.setWidth(target.clientWidth));
        observer.observe(target);
      },
      (error: unknown) => {
        // The table still has every number; the chart's absence is said where it would be.
        target.textContent = `The chart could not be loaded (${error instanceof Error ? error.message : String(error)}).`;
      },
    );
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart.current?.destroy();
      chart.current = null;
    };
  }, [height, bucketSeconds]);

  useEffect(() => {
    chart.current?.setData(columns);
  }, [columns]);

  const clean = columns[1].reduce((a, b) => a + b, 0);
  const failures = columns[2].reduce((a, b) => a + b, 0);
  const per = bucketWords(bucketSeconds);
  const summary = `${subject}: ${formatCount(clean)} clean, ${formatCount(failures)} ${failures === 1 ? 'failure' : 'failures'} in ${WINDOW_WORDS[span]}, ${per} (the table beside has each figure)`;

  return (
    <div
      css={css`
        display: grid;
        /* The table beside the chart where the box is wide enough for both, under it where not. */
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 13rem), 1fr));
        gap: ${SPACE.sm};
        align-items: start;
      `}
    >
      <div
        ref={box}
        role="img"
        aria-label={summary}
        css={css`
          min-height: ${height}px;
          min-width: 0;
          color: ${COLOUR.muted};
        `}
      />
      <ScrollRegion label={`${subject}, reports ${per}`} maxHeight={`${Math.max(height + 30, 120)}px`}>
        <table css={tableStyle}>
          <caption className="visually-hidden">{`${subject}, reports ${per}`}</caption>
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col" className="number">
                Clean
              </th>
              <th scope="col" className="number">
                Failures
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={3}>No reports in {WINDOW_WORDS[span]}</td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.at} data-failing={row.failures > 0 || undefined}>
                  <td>
                    <time dateTime={row.at}>{bucketSeconds >= 3600 ? formatDateTime(row.at) : formatTime(row.at)}</time>
                  </td>
                  <td className="number">{formatCount(row.clean)}</td>
                  <td
                    className="number"
                    css={
                      row.failures > 0
                        ? css`
                            color: ${COLOUR.danger};
                            font-weight: 700;
                          `
                        : undefined
                    }
                  >
                    {formatCount(row.failures)}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
