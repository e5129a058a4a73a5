import {
  DEFAULT_RANGE,
  moveHandle,
  parseAmount,
  PRICE_SLIDER,
  pricePresets,
  sliderBounds,
  sliderStep,
  snap,
} from './range-slider';

describe('range sliders (spec: snap to 1000, clamp to the facet, default 0-100000, step about 1/100)', () => {
  it('defaults to 0 to 100000 without facet stats', () => {
    expect(DEFAULT_RANGE).toEqual({ min: 0, max: 100_000 });
    expect(sliderBounds(undefined)).toEqual({ min: 0, max: 100_000 });
  });

  it('widens the facet min and max to whole thousands', () => {
    expect(sliderBounds({ min: 4_990, max: 88_990 })).toEqual({ min: 4_000, max: 89_000 });
  });

  it('steps about a hundredth of the range, in thousands', () => {
    expect(sliderStep({ min: 0, max: 100_000 })).toBe(1000);
    expect(sliderStep({ min: 0, max: 250_000 })).toBe(3000);
    expect(sliderStep({ min: 4_000, max: 9_000 })).toBe(1000);
  });

  it('snaps to the nearest 1000 inside the bounds', () => {
    const bounds = { min: 4_000, max: 89_000 };
    expect(snap(25_499, bounds)).toBe(25_000);
    expect(snap(25_500, bounds)).toBe(26_000);
    expect(snap(89_400, bounds)).toBe(89_000);
  });

  it('never lets the min handle pass the max, nor the max the min', () => {
    const bounds = { min: 0, max: 100_000 };
    expect(moveHandle({ min: 10_000, max: 30_000 }, 'min', 45_000, bounds)).toEqual({ min: 30_000, max: 30_000 });
    expect(moveHandle({ min: 10_000, max: 30_000 }, 'max', 2_000, bounds)).toEqual({ min: 10_000, max: 10_000 });
  });

  it('ignores typed values outside the range and non-numbers', () => {
    const range = { min: 10_000, max: 30_000 };
    const bounds = { min: 5_000, max: 50_000 };
    expect(moveHandle(range, 'max', 60_000, bounds)).toBe(range);
    expect(moveHandle(range, 'min', 1_000, bounds)).toBe(range);
    expect(moveHandle(range, 'min', Number.NaN, bounds)).toBe(range);
  });

  it('gives the filter bar’s price slider 5000 to 250000 in steps of 500 (finance spec)', () => {
    expect(PRICE_SLIDER).toEqual({ min: 5000, max: 250_000, step: 500 });
  });
});

describe('range sliders over small whole numbers (a year)', () => {
  it('keeps the facet’s years as they are and steps by one year', () => {
    const bounds = sliderBounds({ min: 2017, max: 2026 }, 1);
    expect(bounds).toEqual({ min: 2017, max: 2026 });
    expect(sliderStep(bounds, 1)).toBe(1);
  });

  it('moves a year handle to the typed year, not to a thousand', () => {
    expect(moveHandle({ min: 2017, max: 2026 }, 'min', 2020, { min: 2017, max: 2026 }, 1)).toEqual({
      min: 2020,
      max: 2026,
    });
    expect(moveHandle({ min: 2017, max: 2026 }, 'min', 1999, { min: 2017, max: 2026 }, 1)).toEqual({
      min: 2017,
      max: 2026,
    });
  });
});

describe('price presets and typed amounts (finance spec §9)', () => {
  it('offers $5,000 to $70,000 in fives of thousands for everyday stock', () => {
    const presets = pricePresets({ min: 0, max: 120_000 });
    expect(presets[0]).toBe(5000);
    expect(presets.at(-1)).toBe(70_000);
    expect(presets).toHaveLength(14);
  });

  it('adds $300,000 to $800,000 where stock is priced above $300,000', () => {
    expect(pricePresets({ min: 0, max: 950_000 }).slice(-6)).toEqual([
      300_000, 400_000, 500_000, 600_000, 700_000, 800_000,
    ]);
  });

  it('reads dollars and kilometres as typed, with separators and units', () => {
    expect(parseAmount('$25,000')).toBe(25_000);
    expect(parseAmount('40,000 kms')).toBe(40_000);
    expect(parseAmount('abc')).toBeNaN();
  });
});
