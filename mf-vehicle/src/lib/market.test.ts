import { marketIndicator } from './market';

describe('market indicator (spec: more than 499 below the state average, else the national average)', () => {
  it('shows at 500 below the state average', () => {
    expect(marketIndicator(29_500, { state_average: 30_000, national_average: 28_000 })).toEqual({
      below: 500,
      scope: 'state',
    });
  });

  it('does not show at exactly 499 below', () => {
    expect(marketIndicator(29_501, { state_average: 30_000, national_average: 40_000 })).toBeNull();
  });

  it('falls back to the national average when the state has none', () => {
    expect(marketIndicator(20_000, { state_average: null, national_average: 22_000 })).toEqual({
      below: 2000,
      scope: 'national',
    });
  });

  it('does not show without a price or any average', () => {
    expect([
      marketIndicator(null, { state_average: 30_000, national_average: null }),
      marketIndicator(10_000, { state_average: null, national_average: null }),
    ]).toEqual([null, null]);
  });
});
