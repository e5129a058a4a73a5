/**
 * Response security policy in one place. The CSP is built rather than written out so that
 * origins a tenant config names later (a search host, an image CDN, a map tile server) are
 * added per directive without touching the rest.
 */

export interface CspSources {
  scriptSrc?: readonly string[];
  styleSrc?: readonly string[];
  imgSrc?: readonly string[];
  connectSrc?: readonly string[];
  fontSrc?: readonly string[];
  frameSrc?: readonly string[];
}

export function contentSecurityPolicy(extra: CspSources = {}): string {
  const directives: Array<[string, readonly string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...(extra.scriptSrc ?? [])]],
    // Emotion injects <style> elements at run time; nonces would need server-rendered styles.
    ['style-src', ["'self'", "'unsafe-inline'", ...(extra.styleSrc ?? [])]],
    ['img-src', ["'self'", 'data:', ...(extra.imgSrc ?? [])]],
    ['connect-src', ["'self'", ...(extra.connectSrc ?? [])]],
    ['font-src', ["'self'", ...(extra.fontSrc ?? [])]],
    ...(extra.frameSrc?.length ? [['frame-src', extra.frameSrc] as [string, readonly string[]]] : []),
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`).join('; ');
}

/**
 * Adds sources to directives of a policy already built (a page that needs more than the site's
 * policy, e.g. a developer override's dev-server origin). A directive the policy lacks is added;
 * nothing is removed, so the result is never looser than asked.
 */
export function extendContentSecurityPolicy(csp: string, extra: CspSources): string {
  const additions: Record<string, readonly string[]> = {
    'script-src': extra.scriptSrc ?? [],
    'style-src': extra.styleSrc ?? [],
    'img-src': extra.imgSrc ?? [],
    'connect-src': extra.connectSrc ?? [],
    'font-src': extra.fontSrc ?? [],
    'frame-src': extra.frameSrc ?? [],
  };
  const directives = csp
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => d.split(/\s+/));
  for (const [name, sources] of Object.entries(additions)) {
    if (sources.length === 0) continue;
    const directive = directives.find(([n]) => n === name);
    if (directive) directive.push(...sources.filter((s) => !directive.includes(s)));
    else directives.push([name, ...new Set(sources)]);
  }
  return directives.map((d) => d.join(' ')).join('; ');
}

/**
 * Paths whose answer is the same for every dealer and that other origins fetch by design: remote
 * bundles (from a CDN or another origin) and the search API (its key, not the host, scopes it).
 */
const SHARED_PATHS = ['/registry/', '/1/'];

export function isSharedPath(url: string): boolean {
  return SHARED_PATHS.some((prefix) => url.startsWith(prefix));
}

/**
 * Headers every response gets, whatever its type: no MIME sniffing, and a resource policy that
 * stops other sites embedding our responses (a dealer's data in someone else's page), except the
 * paths meant to be fetched cross-origin.
 */
export function responseSecurityHeaders(url: string): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': isSharedPath(url) ? 'cross-origin' : 'same-site',
  };
}

/** Headers for every HTML page, on top of `responseSecurityHeaders`. */
export function htmlSecurityHeaders(csp: string): Record<string, string> {
  return {
    'content-security-policy': csp,
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), payment=(), usb=(), interest-cohort=(), geolocation=(self)',
    'x-frame-options': 'DENY',
  };
}
