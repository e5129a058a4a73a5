/** Page headings of the lead routes (routes.json). */
const LEAD_HEADINGS: Record<string, string> = {
  '/book-test-drive': 'Book a test drive',
  '/trade-in': 'Trade-in valuation',
  '/cars/trade-in': 'Trade-in valuation',
  '/sell-my-car': 'Sell your car',
  '/sell-your-car': 'Sell your car',
  '/contact': 'Contact us',
  '/service': 'Book a service',
  '/success': 'Thank you',
  '/sign-in': 'Sign in',
};

export function leadHeading(pathname: string): string | null {
  const path = `/${pathname.split('/').filter(Boolean).join('/')}`;
  return LEAD_HEADINGS[path] ?? null;
}

/** Spec: "online estimates are generally not given for cars over 7 years or 100,000 km". */
export const TRADE_IN_ONLINE_MAX_AGE_YEARS = 7;
export const TRADE_IN_ONLINE_MAX_KM = 100_000;

export function tradeInGuidance(): string {
  return `Online estimates are generally not given for cars over ${TRADE_IN_ONLINE_MAX_AGE_YEARS} years old or with more than ${TRADE_IN_ONLINE_MAX_KM.toLocaleString('en-AU')} km.`;
}
