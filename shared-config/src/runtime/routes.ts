/**
 * Route patterns as remotes declare them in `routes.json`: literal segments, `:param` segments
 * and a trailing `*` for "this prefix and anything under it". Trailing slashes are ignored, so
 * `/book-test-drive/` and `/book-test-drive` are the same route.
 */

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** Returns a specificity score when `pattern` matches `pathname`, or null when it does not. */
export function matchRoute(pattern: string, pathname: string): number | null {
  const want = segments(pattern);
  const have = segments(pathname);
  const wildcard = want[want.length - 1] === '*';
  if (wildcard) want.pop();
  if (wildcard ? have.length < want.length : have.length !== want.length) return null;
  let score = 0;
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const h = decodeURIComponent(have[i]!);
    if (w.startsWith(':')) score += 2;
    else if (w === h) score += 3;
    else return null;
  }
  // An exact-length match beats a wildcard one of the same prefix.
  return wildcard ? score : score + 1;
}

/**
 * Picks the one owner of a path among route tables: the most specific match wins, so
 * `/cars/trade-in` (a literal route) goes to its owner rather than to `/cars/:slug`.
 */
export function resolveRouteOwner<T extends { routes: readonly string[] }>(
  owners: readonly T[],
  pathname: string,
): T | undefined {
  let best: T | undefined;
  let bestScore = -1;
  for (const owner of owners) {
    for (const pattern of owner.routes) {
      const score = matchRoute(pattern, pathname);
      if (score !== null && score > bestScore) {
        best = owner;
        bestScore = score;
      }
    }
  }
  return best;
}
