/**
 * Gated routes (spec finance-leads-locations §6): 'checkout, finance, spin-to-win, equifax finance
 * and trade-in are gated only on some sites; online-payment, my-garage and the branded garage
 * routes are always gated. A signed-out visitor on a gated path, or following a gated link, is
 * sent to /sign-in with type, redirect and back parameters.' The server answers a gated page to a
 * signed-out visitor with that redirect; the shell lets a link to one go to the server.
 */

/** The gates a site may switch on (tenant `gatedRoutes`). */
export const SITE_GATES = ['checkout', 'finance', 'spin-to-win', 'equifax-finance', 'trade-in'] as const;
export type SiteGate = (typeof SITE_GATES)[number];

const GATE_PATHS: ReadonlyArray<
  readonly [gate: SiteGate | 'online-payment' | 'my-garage', pattern: RegExp, always: boolean]
> = [
  ['checkout', /^\/cars\/[^/]+\/(checkout|buy-online)\/?$|^\/checkout-journey\/?$/, false],
  ['finance', /^\/(finance|finance-enquiry|personalised\/finance)\/?$/, false],
  ['spin-to-win', /^\/spin-to-win\/?$/, false],
  ['equifax-finance', /^\/equifax-finance\/?$/, false],
  ['trade-in', /^\/(trade-in|cars\/trade-in)\/?$/, false],
  ['online-payment', /^\/online-payment(\/|$)/, true],
  // Spec: 'branded garage pages (/mymotorama, /mybigboxcars, /myblinkr, /myservco, /my-garage)'.
  ['my-garage', /^\/(my-garage|mymotorama|mybigboxcars|myblinkr|myservco)(\/|$)/, true],
];

/** The gate a path is behind on a site (its sign-in `type`), or null when anyone may open it. */
export function gateOf(pathname: string, siteGates: readonly string[]): string | null {
  for (const [gate, pattern, always] of GATE_PATHS) {
    if (pattern.test(pathname) && (always || siteGates.includes(gate))) return gate;
  }
  return null;
}
