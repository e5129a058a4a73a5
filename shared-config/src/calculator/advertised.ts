import { carShowsFinance, type CarFinanceFacts } from '../finance-eligibility';
import { shownRepayment } from '../repayment';
import type { FinanceSettings, PublicTenantConfig } from '../tenant/schema';
import { startingValues } from './ranges';

/** The figure a site advertises for a car, and what it rests on. */
export interface AdvertisedRepayment {
  /** Whole dollars a week. */
  weekly: number;
  /** The rate, percent a year. */
  interest: number;
  /** Years. */
  term: number;
}

/**
 * The weekly repayment a site shows for a car wherever it shows one (result card, similar-car
 * card, the car page and its sticky header, the finance page): the site's calculator at its
 * starting values (the car's asking price, the site's default term and rate, no deposit or
 * final payment), rounded as the calculator rounds. One function, so a shopper never reads two
 * figures for one car: the cards used to show the lender's stored quote ($43/wk) beside a page
 * whose calculator said $53.
 */
export function advertisedRepayment(
  finance: Pick<FinanceSettings, 'provider' | 'calculator'>,
  askingPrice: number | null,
): AdvertisedRepayment {
  const start = startingValues(finance, askingPrice);
  return {
    weekly: shownRepayment({ ...start, frequency: 'week', roundUp: finance.calculator.roundUp }),
    interest: start.interest,
    term: start.term,
  };
}

/**
 * The one figure, or none: the weekly repayment a site shows for a car (`advertisedRepayment` on
 * its asking price), null where the car shows no finance (`carShowsFinance`). Every screen that
 * prints a weekly repayment asks this with the facts `carFinanceFacts` builds, so a car has one
 * figure on every screen, or none on any.
 */
export function carRepayment(
  tenant: Pick<PublicTenantConfig, 'features' | 'finance'>,
  facts: CarFinanceFacts,
  now: Date = new Date(),
): AdvertisedRepayment | null {
  return carShowsFinance(tenant, facts, now) ? advertisedRepayment(tenant.finance, facts.price) : null;
}
