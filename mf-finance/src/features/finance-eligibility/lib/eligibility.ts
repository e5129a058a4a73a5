import type { FinanceSettings } from '@forecourt/shared-config/tenant';

// Whether a car shows finance at all is shared-config's `carShowsFinance` (the cards and the
// vehicle page ask it too); what only finance decides stays here.

/**
 * What the enquiry's quote box shows: nothing, the lender's stored quote for the car (another basis
 * than the site's one weekly figure, so the box names it as the lender's), the finance partner's
 * instant quote on the shopper's entries (named as the partner's), or the no-price text.
 */
export type QuoteBox =
  { kind: 'none' } | { kind: 'lender-quote'; weekly: number } | { kind: 'instant-quote' } | { kind: 'no-price' };

/**
 * The quote box for the chosen car (null: none chosen, the quote follows the price typed). Spec:
 * 'The instant quote is requested only when the car has no quote and price is above 0', on a
 * site with the partner. A car the site shows no finance for (a Suzuki, a hidden dealership, a
 * sold car) shows no figure here either: its cards and page show none, and a weekly figure on
 * this page alone would be a figure for a car the site does not finance.
 */
export function quoteBox(
  settings: Pick<FinanceSettings, 'instantQuote'>,
  car: { price: number; finance_quote_weekly?: number | null | undefined } | null,
  financeShown: boolean,
): QuoteBox {
  if (!settings.instantQuote) return { kind: 'none' };
  if (car === null) return { kind: 'instant-quote' };
  if (!financeShown) return { kind: 'none' };
  const stored = car.finance_quote_weekly ?? null;
  if (stored !== null) return { kind: 'lender-quote', weekly: Math.round(stored) };
  return car.price > 0 ? { kind: 'instant-quote' } : { kind: 'no-price' };
}
