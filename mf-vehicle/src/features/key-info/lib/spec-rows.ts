export interface SpecRow {
  label: string;
  value: string | number | null | undefined;
}

/** A row whose value the feed sends as nothing: missing, null, blank, or the text 'null'. */
export function isEmptySpecValue(value: SpecRow['value']): value is null | undefined | string {
  if (value === null || value === undefined) return true;
  if (typeof value === 'number') return false;
  const text = value.trim();
  // Stock feeds write a missing value as the literal text 'null' (spec: such rows are dropped).
  return text === '' || text.toLowerCase() === 'null';
}

/** Spec: "Specification rows with empty, null or 'null' values are dropped." Order is kept. */
export function visibleSpecRows(rows: readonly SpecRow[]): Array<{ label: string; value: string | number }> {
  return rows.flatMap((row) => (isEmptySpecValue(row.value) ? [] : [{ label: row.label, value: row.value }]));
}
