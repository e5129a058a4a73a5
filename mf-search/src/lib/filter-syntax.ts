/**
 * A value inside a search filter (`make_slug:"toyota"`), quoted. Quotes and backslashes are
 * dropped rather than escaped: values come from addresses and stock, where neither belongs, and
 * dropping them cannot be misread by any filter parser (Algolia's or the embedded engine's).
 */
export const quoted = (value: string) => `"${value.replace(/["\\]/g, '')}"`;
