import { monthlySales, stocktakeRunning } from './promotions';

describe('monthly sales counter (192 a day, one per 450 s of the day, Brisbane time)', () => {
  it.each([
    ['the first instant of a month in Brisbane', '2026-11-01T00:00:00+10:00', 0],
    ['449 seconds into the month', '2026-11-01T00:07:29+10:00', 0],
    ['450 seconds into the month', '2026-11-01T00:07:30+10:00', 1],
    ['noon on the first', '2026-11-01T12:00:00+10:00', 96],
    ['the last second of the first day', '2026-11-01T23:59:59+10:00', 191],
    ['the start of the second day', '2026-11-02T00:00:00+10:00', 192],
    ['the 24th at 06:15', '2026-11-24T06:15:00+10:00', 23 * 192 + 50],
  ])('%s reads %i', (_, instant, expected) => {
    expect(monthlySales(new Date(instant))).toBe(expected);
  });

  it('counts on Brisbane time, not the shopper’s: 23:30 UTC on 31 October is already 09:30 on 1 November in Brisbane', () => {
    expect(monthlySales(new Date('2026-10-31T23:30:00Z'))).toBe(76);
  });

  it('ignores daylight saving in the southern states (Brisbane keeps +10:00 all year)', () => {
    expect(monthlySales(new Date('2026-01-15T00:00:00+10:00'))).toBe(14 * 192);
  });
});

describe('stocktake promo window (1 to 24 July 2025, +10:00)', () => {
  it.each([
    ['a second before 1 July', '2025-06-30T23:59:59+10:00', false],
    ['the first instant of 1 July', '2025-07-01T00:00:00+10:00', true],
    ['midday on 12 July', '2025-07-12T12:00:00+10:00', true],
    ['the last second of 24 July', '2025-07-24T23:59:59+10:00', true],
    ['the first instant of 25 July', '2025-07-25T00:00:00+10:00', false],
    ['24 July 15:00 UTC (25 July in Brisbane)', '2025-07-24T15:00:00Z', false],
    ['the same dates a year later', '2026-07-12T12:00:00+10:00', false],
  ])('%s: %s', (_, instant, running) => {
    expect(stocktakeRunning(new Date(instant))).toBe(running);
  });
});
