/**
 * Range sliders of the filter bar (price, km and the other numeric filters). Spec
 * (search-and-vehicle §5): values snap to multiples of 1000 and are clamped to the facet's min
 * and max; the default range is 0 to 100000; the step is about a hundredth of the range; the min
 * handle never passes the max nor the max the min; out-of-range input is ignored.
 */
export const SNAP = 1000;
export const DEFAULT_RANGE = { min: 0, max: 100_000 } as const;
/** Spec (finance §9): the price slider of the filter bar and the budget search. */
export const PRICE_SLIDER = { min: 5000, max: 250_000, step: 500 } as const;

export interface Bounds {
  min: number;
  max: number;
}

/**
 * The slider's bounds: the facet's min and max widened to whole multiples of the snap, or the
 * default range without stats. `unit` is the snap: 1000 for amounts (the spec's rule); a filter
 * whose values are small whole numbers (a year) snaps to 1.
 */
export function sliderBounds(stats: Bounds | undefined, unit: number = SNAP): Bounds {
  if (!stats || !Number.isFinite(stats.min) || !Number.isFinite(stats.max) || stats.max < stats.min)
    return { ...DEFAULT_RANGE };
  return { min: Math.floor(stats.min / unit) * unit, max: Math.ceil(stats.max / unit) * unit };
}

/** About a hundredth of the range, as a whole multiple of the snap (never below it). */
export function sliderStep(bounds: Bounds, unit: number = SNAP): number {
  return Math.max(unit, Math.round((bounds.max - bounds.min) / 100 / unit) * unit);
}

/** Snaps a value to the nearest multiple of the snap (1000 by default) inside the bounds. */
export function snap(value: number, bounds: Bounds, unit: number = SNAP): number {
  return Math.min(bounds.max, Math.max(bounds.min, Math.round(value / unit) * unit));
}

/**
 * The range after the shopper moves one handle to `value` (typed or dragged). Out-of-range or
 * non-numeric input is ignored (the range stays as it was); a handle cannot pass the other.
 */
export function moveHandle(
  range: Bounds,
  handle: 'min' | 'max',
  value: number,
  bounds: Bounds,
  unit: number = SNAP,
): Bounds {
  if (!Number.isFinite(value) || value < bounds.min || value > bounds.max) return range;
  const snapped = snap(value, bounds, unit);
  return handle === 'min'
    ? { min: Math.min(snapped, range.max), max: range.max }
    : { min: range.min, max: Math.max(snapped, range.min) };
}

/** Spec (finance §9): price presets $5,000 to $70,000, and $300,000 to $800,000 for high-range stock. */
export const PRICE_PRESETS = {
  low: { from: 5000, to: 70_000, step: 5000 },
  high: { from: 300_000, to: 800_000, step: 100_000 },
} as const;

/** The price presets offered in the price fields: the high range only where stock reaches it. */
export function pricePresets(bounds: Bounds): number[] {
  const series = ({ from, to, step }: { from: number; to: number; step: number }) =>
    Array.from({ length: (to - from) / step + 1 }, (_, i) => from + i * step);
  return [
    ...series(PRICE_PRESETS.low),
    ...(bounds.max > PRICE_PRESETS.high.from ? series(PRICE_PRESETS.high) : []),
  ].filter((v) => v >= bounds.min && v <= Math.max(bounds.max, PRICE_PRESETS.low.to));
}

/** A typed amount ('$25,000', '40,000 kms') to a number; NaN when there are no digits. */
export function parseAmount(text: string): number {
  const digits = text.replace(/[^0-9.]/g, '');
  return digits === '' ? Number.NaN : Number(digits);
}
