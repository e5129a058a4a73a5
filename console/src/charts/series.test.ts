import { bucketWords, chartColumns, reportedBuckets } from './series';

describe("a chart's columns", () => {
  it('are the buckets oldest first, as times, clean mounts and failures', () => {
    const columns = chartColumns([
      { at: '2026-11-27T08:00:00.000Z', clean: 4, failures: 1 },
      { at: '2026-11-27T07:55:00.000Z', clean: 7, failures: 0 },
    ]);
    expect(columns).toEqual([
      [Date.parse('2026-11-27T07:55:00.000Z') / 1000, Date.parse('2026-11-27T08:00:00.000Z') / 1000],
      [7, 4],
      [0, 1],
    ]);
  });
});

describe('the table beside a chart', () => {
  it('lists the buckets with any report, newest first', () => {
    const rows = reportedBuckets([
      { at: '2026-11-27T07:50:00.000Z', clean: 3, failures: 0 },
      { at: '2026-11-27T07:55:00.000Z', clean: 0, failures: 0 },
      { at: '2026-11-27T08:00:00.000Z', clean: 0, failures: 1 },
    ]);
    expect(rows.map((r) => r.at)).toEqual(['2026-11-27T08:00:00.000Z', '2026-11-27T07:50:00.000Z']);
  });

  it.each([
    [300, 'per 5 minutes'],
    [3600, 'per hour'],
    [60, 'per minute'],
  ])('names a bucket of %p seconds %p', (seconds, words) => {
    expect(bucketWords(seconds)).toBe(words);
  });
});
