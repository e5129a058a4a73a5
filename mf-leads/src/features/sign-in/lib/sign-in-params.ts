import { sameSitePath } from '@forecourt/shared-config/safe-redirect';

/**
 * /sign-in?type=...&redirect=...&back=... — the query comes from links anyone can write, so
 * only same-site paths are used as destinations (the platform's one rule for them) and only known
 * types are described.
 */

/** Why a signed-out visitor was sent here, by the gated `type` (spec: gated routes). */
const SIGN_IN_REASONS: Record<string, (noun: string) => string> = {
  watchlist: (noun) => `Sign in to save ${noun}s to your watchlist.`,
  account: (noun) => `Sign in to keep a watchlist of ${noun}s on any device.`,
  'my-garage': (noun) => `Sign in to see the ${noun}s in your garage.`,
  checkout: (noun) => `Sign in to reserve this ${noun} online.`,
  finance: () => 'Sign in to continue your finance application.',
  'trade-in': () => 'Sign in to continue your trade-in valuation.',
  'online-payment': () => 'Sign in to make an online payment.',
  'spin-to-win': () => 'Sign in to spin the wheel.',
  'equifax-finance': () => 'Sign in to continue your finance application.',
};

export interface SignInRequest {
  reason: string;
  redirect: string | null;
  back: string | null;
}

/**
 * `origin`: the site's own, which the paths are read against (the page's; on the server, which
 * paints the page first, a stand-in: a path reads the same against any origin, and another
 * site's address is refused against any).
 */
export function readSignInRequest(
  query: URLSearchParams,
  itemNoun = 'car',
  origin: string = typeof location === 'undefined' ? 'http://site.invalid' : location.origin,
): SignInRequest {
  const type = query.get('type') ?? '';
  const reason = Object.hasOwn(SIGN_IN_REASONS, type)
    ? SIGN_IN_REASONS[type]!(itemNoun)
    : 'Sign in with your mobile number.';
  return {
    reason,
    redirect: sameSitePath(query.get('redirect'), origin),
    back: sameSitePath(query.get('back'), origin),
  };
}
