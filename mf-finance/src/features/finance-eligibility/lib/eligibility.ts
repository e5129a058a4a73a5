import type { CarFinanceFacts } from '@forecourt/shared-config';
import type { FinanceSettings } from '@forecourt/shared-config/tenant';

// Whether a car shows finance at all is shared-config's `carShowsFinance` (the cards and the
// vehicle page ask it too); what only finance decides stays here.

/** Spec: 'The instant quote is requested only when the car has no quote and price is above 0' (and the site has the partner). */
export function instantQuoteWanted(settings: FinanceSettings, car: Pick<CarFinanceFacts, 'price' | 'finance_quote_weekly'>): boolean {
  return settings.instantQuote && car.finance_quote_weekly === null && car.price > 0;
}
