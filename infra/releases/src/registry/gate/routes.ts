import { matchRoute } from '@forecourt/shared-config/routes';
import { label, type Candidate } from './candidate';

/** Another remote's build whose routes a candidate must not collide with. */
export interface RouteOwner {
  team: string;
  version: string;
  routes: readonly string[];
}

const segments = (pattern: string): string[] => pattern.split('/').filter(Boolean);

/**
 * A path both patterns match with the same specificity, or null. The shell gives a path to the
 * most specific pattern (shared-config's matchRoute): on a tie the owner is whichever remote the
 * manifest lists first, so two teams' pages would swap owners silently. A pattern's score does
 * not depend on the path, so it is enough to try one path per length: each segment the literal
 * either pattern names there (a clash of two literals means no common path of that length).
 */
export function collisionPath(a: string, b: string): string | null {
  const sa = segments(a).filter((s) => s !== '*');
  const sb = segments(b).filter((s) => s !== '*');
  const longest = Math.max(sa.length, sb.length) + 1;
  for (let length = 0; length <= longest; length++) {
    const parts: string[] = [];
    for (let i = 0; i < length; i++) {
      const literal = [sa[i], sb[i]].find((s) => s !== undefined && !s.startsWith(':'));
      parts.push(literal ?? 'x');
    }
    const candidate = '/' + parts.join('/');
    const scoreA = matchRoute(a, candidate);
    const scoreB = matchRoute(b, candidate);
    if (scoreA !== null && scoreA === scoreB) return candidate;
  }
  return null;
}

/** Refuses routes that tie with another remote's routes for some path. */
export function checkRouteCollisions(
  candidate: Pick<Candidate, 'team' | 'version' | 'info'>,
  others: readonly RouteOwner[],
): string[] {
  const reasons: string[] = [];
  for (const route of candidate.info.routes) {
    for (const other of others) {
      if (other.team === candidate.team) continue;
      for (const theirs of other.routes) {
        const where = collisionPath(route, theirs);
        if (where !== null) {
          reasons.push(
            `${label(candidate)} route ${route} collides with ${other.team} ${other.version}'s ${theirs}` +
              (where === route || where === theirs ? '' : ` (both own ${where} equally)`),
          );
        }
      }
    }
  }
  return reasons;
}
