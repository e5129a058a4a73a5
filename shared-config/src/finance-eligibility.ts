import type { LenderFacts } from './lender-facts';
import { askingPrice, type PricedCar } from './price';
import { isInStock } from './stock-rules';
import type { FinanceProvider, FinanceSettings, PublicTenantConfig } from './tenant/schema';

/**
 * Whether a car shows finance (spec §5 'Finance display eligibility per provider'), per the site's
 * provider and switches. It lives here, not in mf-finance, because three teams' screens must give
 * the same answer for one car: the result and similar-car cards (mf-search), the vehicle page's
 * sticky header and Get Finance buttons (mf-vehicle) and the calculator (mf-finance). A card that
 * prints a weekly figure for a car whose page has no calculator tells the shopper two things.
 */

export interface CarFinanceFacts {
  make: string;
  year: number;
  /** The asking price (an offer first; 0 when the car has none), as `carFinanceFacts` reads it. */
  price: number;
  status: string;
  dealership_slug: string;
  /** The weekly figure of a finance quote already made for the car, or null. */
  finance_quote_weekly: number | null;
  /** The site's provider's lender record for the car, or null when it has none. */
  lender: LenderFacts | null;
}

/** Spec: 'price above 500'. */
export const MIN_FINANCE_PRICE = 500;
/** Spec: 'car under 12 years old (year later than current year minus 12)'. */
export const TAURUS_MAX_AGE = 12;
/** Spec: 'A car with price below 200 is disqualified as an autograb car.' */
export const AUTOGRAB_PRICE = 200;
/** Spec: 'Finance is hidden for Suzuki'. */
export const NO_FINANCE_MAKES = ['suzuki'] as const;

type Rule = (car: CarFinanceFacts, thisYear: number) => boolean;
const priced = (car: CarFinanceFacts) => car.price > MIN_FINANCE_PRICE;
const inStock = (car: CarFinanceFacts) => isInStock(car.status);
const weekly: Rule = (car) => priced(car) && inStock(car) && car.lender?.paymentWeek != null;

export const PROVIDER_RULES: Record<FinanceProvider, Rule> = {
  // Spec: 'lender entry exists, interest and comparison rates not null, car under 12 years old, price above 500, in stock, has a comparison rate'.
  Taurus: (car, thisYear) =>
    car.lender !== null &&
    car.lender.interestRate != null &&
    car.lender.comparisonRate != null &&
    car.year > thisYear - TAURUS_MAX_AGE &&
    priced(car) &&
    inStock(car),
  // Spec: 'Angle, Manual, Powertorque: price above 500, in stock, weekly payment present'.
  Angle: weekly,
  Manual: weekly,
  Powertorque: weekly,
  // Spec: 'Nissan Finance: price above 500, in stock, monthly payment present'.
  'Nissan Finance': (car) => priced(car) && inStock(car) && car.lender?.paymentMonth != null,
  // Spec: '360 Finance and AusLoans: in stock only'.
  '360 Finance': (car) => inStock(car),
  AusLoans: (car) => inStock(car),
};

/** Does the car show finance under the site's finance settings (provider, hidden makes, dealerships, dealer)? */
export function financeShown(settings: FinanceSettings, car: CarFinanceFacts, now: Date = new Date()): boolean {
  if (settings.hidden) return false;
  if ((NO_FINANCE_MAKES as readonly string[]).includes(car.make.trim().toLowerCase())) return false;
  if (settings.hiddenDealerships.includes(car.dealership_slug)) return false;
  if (car.price < AUTOGRAB_PRICE) return false;
  return PROVIDER_RULES[settings.provider](car, now.getFullYear());
}

/** Does the site offer finance at all: mf-finance switched on and the dealer not flagged? */
export function siteOffersFinance(tenant: Pick<PublicTenantConfig, 'features' | 'finance'>): boolean {
  return tenant.features['mf-finance'] && !tenant.finance.hidden;
}

/**
 * The one question every screen asks before it shows a finance figure or a Get Finance button for
 * a car: the site offers finance, and the car passes its provider's rule.
 */
export function carShowsFinance(
  tenant: Pick<PublicTenantConfig, 'features' | 'finance'>,
  car: CarFinanceFacts,
  now: Date = new Date(),
): boolean {
  return siteOffersFinance(tenant) && financeShown(tenant.finance, car, now);
}

/** The figures the rules read from a car's lender record (the record carries more: fees, disclaimer, terms). */
export function lenderFacts(lender: LenderFacts | null | undefined): LenderFacts | null {
  if (!lender) return null;
  return {
    interestRate: lender.interestRate,
    comparisonRate: lender.comparisonRate,
    paymentWeek: lender.paymentWeek,
    paymentMonth: lender.paymentMonth,
  };
}

/**
 * A car as every screen and the server hold it, in the fields finance reads: its price and offer,
 * what the rule reads, and the site's provider's lender figures. The search record (a result
 * card's hit), the vehicle page's car and the platform's stock all carry these under these names.
 */
export interface FinanceCar extends Pick<PricedCar, 'price' | 'offer_price'> {
  make: string;
  year: number;
  status: string;
  dealership_slug: string;
  finance_quote_weekly: number | null;
  /** The site's provider's lender figures for the car (`siteLender`), or null when it has none. */
  finance_lender: LenderFacts | null;
}

/**
 * The car as the finance rule and the advertised figure read it, built here once: the asking price
 * (`askingPrice`: an offer only when it is a real price below the price) and the site's lender.
 * Every screen built these facts itself before, and one test read the offer where the cards read
 * the asking price: the same car could show finance on one screen and not on another.
 */
export function carFinanceFacts(car: FinanceCar): CarFinanceFacts {
  return {
    make: car.make,
    year: car.year,
    price: askingPrice(car) ?? 0,
    status: car.status,
    dealership_slug: car.dealership_slug,
    finance_quote_weekly: car.finance_quote_weekly,
    lender: lenderFacts(car.finance_lender),
  };
}

/** The site's provider's lender figures among a car's lender records (a stock car carries one per provider). */
export function siteLender(
  lenders: Partial<Record<FinanceProvider, LenderFacts>>,
  finance: Pick<FinanceSettings, 'provider'>,
): LenderFacts | null {
  return lenderFacts(lenders[finance.provider]);
}
