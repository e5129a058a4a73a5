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

/** Where a parsed JSON value breaks a rule, as a path like `requests[0].facetFilters`. */
export interface JsonProblem {
  path: string;
  problem: string;
}

/** How a path goes on from `parent` to one of its items: `requests[0].query`, as the search service names them. */
export type PathStep = (parent: string, key: string | number) => string;

const bracketStep: PathStep = (parent, key) =>
  typeof key === 'number' ? `${parent}[${key}]` : parent ? `${parent}.${key}` : key;

/**
 * Walks a parsed JSON value without recursion (a hostile body nests 10,000 levels deep in a few
 * kilobytes) and reports the first string or key that cannot be stored as text, or the first
 * value nested deeper than `maxDepth`. Keys are named only when they are themselves well formed.
 */
export function jsonProblem(value: unknown, maxDepth: number, step: PathStep = bracketStep): JsonProblem | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return { path: path || 'body', problem };
    } else if (current !== null && typeof current === 'object') {
      if (depth >= maxDepth)
        return { path: path || 'body', problem: `must not nest more than ${maxDepth} levels deep` };
      if (Array.isArray(current)) {
        current.forEach((item, i) => stack.push({ value: item, path: step(path, i), depth: depth + 1 }));
      } else {
        for (const [key, item] of Object.entries(current)) {
          const keyProblem = textProblem(key);
          if (keyProblem) return { path: path || 'body', problem: `every key ${keyProblem}` };
          stack.push({ value: item, path: step(path, key), depth: depth + 1 });
        }
      }
    }
  }
  return null;
}
