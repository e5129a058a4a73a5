import { shownRepayment } from '../repayment';
import type { FinanceSettings } from '../tenant/schema';
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
export function advertisedRepayment(finance: Pick<FinanceSettings, 'provider' | 'calculator'>, askingPrice: number | null): AdvertisedRepayment {
  const start = startingValues(finance, askingPrice);
  return { weekly: shownRepayment({ ...start, frequency: 'week', roundUp: finance.calculator.roundUp }), interest: start.interest, term: start.term };
}
