/** Whole dollars with thousands separators: the spec shows dollar figures rounded. */
export function formatDollars(amount: number): string {
  return `$${Math.round(amount).toLocaleString('en-AU')}`;
}
