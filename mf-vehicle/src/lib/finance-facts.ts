import { carShowsFinance, type CarFinanceFacts, type PublicTenantConfig } from '@forecourt/shared-config';
import { askingPrice } from '@forecourt/shared-config/price';
import type { VehicleSummary } from '../contract';

/** The car as the shared finance rule reads it: the asking price (an offer first), as mf-finance's calculator reads it. */
export function financeFacts(car: VehicleSummary): CarFinanceFacts {
  return {
    make: car.make,
    year: car.year,
    price: askingPrice(car) ?? 0,
    status: car.status,
    dealership_slug: car.dealership_slug,
    finance_quote_weekly: car.finance_quote_weekly,
    lender: car.finance_lender,
  };
}

/** Whether this page shows finance for the car at all: Get Finance, the calculator's slot and the sticky figure. */
export function pageShowsFinance(tenant: Pick<PublicTenantConfig, 'features' | 'finance'>, car: VehicleSummary, now: Date = new Date()): boolean {
  return carShowsFinance(tenant, financeFacts(car), now);
}
