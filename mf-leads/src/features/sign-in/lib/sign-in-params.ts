/**
 * /sign-in?type=...&redirect=...&back=... — the query comes from links anyone can write, so
 * only same-site paths are used as destinations and only known types are described.
 */

/** A path on this site ('/cars/x?y=1'), or null for anything that could leave it. */
export function safeLocalPath(value: string | null | undefined): string | null {
  if (!value) return null;
  const path = value.trim();
  // '//host' and '/\host' are protocol-relative in browsers: another site, not a path.
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  // Control characters can hide a scheme or a host from a reader.
  for (const char of path) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return null;
  }
  return path;
}

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

export function readSignInRequest(query: URLSearchParams, itemNoun = 'car'): SignInRequest {
  const type = query.get('type') ?? '';
  const reason = Object.hasOwn(SIGN_IN_REASONS, type) ? SIGN_IN_REASONS[type]!(itemNoun) : 'Sign in with your mobile number.';
  return { reason, redirect: safeLocalPath(query.get('redirect')), back: safeLocalPath(query.get('back')) };
}
