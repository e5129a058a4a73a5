/**
 * The one rule for every address a request asks to be sent back to (`return` of the override's
 * Clear, sign-in's `redirect` and `back`): a path on this site, or null (the caller's fallback,
 * usually the home page). Such parameters come from links and forms anyone can write, and a
 * browser reads more as "another site" than a plain prefix test catches: it drops tabs and line
 * breaks before parsing (`/\t/evil.example` is `//evil.example`), treats `\` as `/`, and resolves
 * `/.//evil.example` to `//evil.example`. So the value is parsed the way a browser parses it,
 * against the site's own origin, and the path it comes to is checked again, not the raw text.
 * A line break or NUL would also fail as a response header (a 500): they are refused too.
 */

/** Longer than any page address of the platform (search filters included). */
const MAX_LENGTH = 2048;

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

const leavesSite = (path: string) => !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\');

/** `raw` as a normalised path on `origin`'s site ('/cars/x?y=1'), or null when it is anything else. */
export function sameSitePath(raw: unknown, origin: string): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  if (CONTROL.test(raw) || leavesSite(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return leavesSite(path) || CONTROL.test(path) ? null : path;
}
