/**
 * A value as its JSON carries it: each Date as its ISO 8601 text (what Date.toJSON writes), the
 * rest as it is. The admin API's contract describes its answers as JSON, so a route converts its
 * rows with `jsonOf` and the compiler holds the result against the contract's schema.
 */
export type Json<T> = T extends Date
  ? string
  : T extends ReadonlyArray<infer Item>
    ? Json<Item>[]
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T;

export function jsonOf<T>(value: T): Json<T> {
  return convert(value) as Json<T>;
}

function convert(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(convert);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, convert(entry)]));
  return value;
}
