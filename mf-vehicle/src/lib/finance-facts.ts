import { carFinanceFacts, carShowsFinance, type FinanceCar, type PublicTenantConfig } from '@forecourt/shared-config';
import type { FinanceEstimate } from '@forecourt/shared-config/price';

type FinanceTenant = Pick<PublicTenantConfig, 'features' | 'finance'>;

/**
 * Whether this page shows finance for the car at all: Get Finance, the calculator's slot and the
 * sticky figure. The car's facts come from shared-config's one builder, as the cards' and the
 * calculator's do, so the page and its cards cannot read one car two ways.
 */
export function pageShowsFinance(tenant: FinanceTenant, car: FinanceCar, now: Date = new Date()): boolean {
  return carShowsFinance(tenant, carFinanceFacts(car), now);
}

/**
 * What the sticky header shows of finance: the calculator's own estimate as mf-finance reports it
 * (at first the car's one figure, then what the shopper sets), where the page shows finance; none
 * before the calculator has reported or where the page shows no finance.
 */
export function stickyEstimate(
  tenant: FinanceTenant,
  car: FinanceCar,
  estimate: FinanceEstimate | null,
  now: Date = new Date(),
): FinanceEstimate | null {
  return estimate !== null && pageShowsFinance(tenant, car, now) ? estimate : null;
}
