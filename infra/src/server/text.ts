/**
 * Text the platform stores or searches must be well-formed: PostgreSQL refuses a NUL byte in
 * `text` and `jsonb`, and an unpaired UTF-16 surrogate cannot be encoded as UTF-8 at all. Both
 * arrive easily (a JSON `\u0000` or `\ud800` escape), so input is checked before it reaches
 * the database or the search engine, and refused with a 400 that names the field.
 * (`String.prototype.isWellFormed` would do the surrogate half but is not in our ES2023 lib.)
 */
const NUL = /\0/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `value` cannot be stored as text, or null when it can. */
export function textProblem(value: string): string | null {
  if (NUL.test(value)) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode (it holds an unpaired surrogate)';
  return null;
}
