/**
 * How a car's price reads, on every team's pages (result cards, the vehicle page, its head for
 * search engines): one rule, here.
 */
import { formatDollars } from './format';

/** The price fields of a car (stock record or search hit). */
export interface PricedCar {
  price: number;
  offer_price: number | null;
  before_price: number | null;
  subscription_price: number | null;
  preorder: boolean;
  price_type: string | null;
}

/** Spec (finance §4): a price of 10 or less is not a price: PREORDER for preorder cars, else the site's no-price text. */
export const PREORDER_PRICE_MAX = 10;
/** What a price of 10 or less reads when the car is not a preorder (the spec leaves it to the site; this is the platform's default). */
export const NO_PRICE_TEXT = 'Enquire for price';
/** Spec (finance §4): a weekly repayment of 25 or below shows 'Enquire for Finance'. */
export const ENQUIRE_FOR_FINANCE_MAX = 25;

export interface PriceDisplay {
  /** What the card shows large: '$29,990', 'PREORDER' or the site's no-price text. */
  text: string;
  /** '/ week' for a subscription price (spec search-and-vehicle §9). */
  suffix: '/ week' | null;
  /** The struck-through was-price, when before_price exceeds the price shown. */
  was: string | null;
  /** The price type under the price ('Drive Away', 'Excl. Gov. Charges'), for real prices only. */
  priceType: string | null;
}

/** The amount shown: the reduced (offer) price when it is a real price below the price, else the price. */
function shownAmount(car: Pick<PricedCar, 'price' | 'offer_price'>): number {
  return car.offer_price !== null && car.offer_price > PREORDER_PRICE_MAX && car.offer_price < car.price
    ? car.offer_price
    : car.price;
}

/** The price a shopper pays, as a number: null when the car has none (10 or less). */
export function askingPrice(car: Pick<PricedCar, 'price' | 'offer_price'>): number | null {
  const shown = shownAmount(car);
  return shown > PREORDER_PRICE_MAX ? shown : null;
}

/**
 * Spec (finance §4, price display priority): the subscription price (on subscription dealers),
 * then the reduced (offer) price, then the price. A price of 10 or less shows PREORDER for
 * preorder cars, otherwise the configured no-price text. A was-price is struck through when
 * before_price exceeds the price.
 */
export function priceDisplay(
  car: PricedCar,
  options: { subscriptionDealer: boolean; noPriceText: string },
): PriceDisplay {
  if (options.subscriptionDealer && car.subscription_price !== null && car.subscription_price > 0) {
    return { text: formatDollars(car.subscription_price), suffix: '/ week', was: null, priceType: null };
  }
  const shown = shownAmount(car);
  if (shown <= PREORDER_PRICE_MAX)
    return { text: car.preorder ? 'PREORDER' : options.noPriceText, suffix: null, was: null, priceType: null };
  const wasSource = shown < car.price ? car.price : car.before_price;
  const was = wasSource !== null && wasSource > shown ? formatDollars(wasSource) : null;
  return { text: formatDollars(shown), suffix: null, was, priceType: car.price_type };
}

/**
 * mf_finance/Calculator's estimate, as it reports it to the page that embeds it (the vehicle
 * page's sticky header shows it): the weekly repayment at the calculator's current inputs and
 * the rate it uses.
 */
export interface FinanceEstimate {
  weekly: number;
  interest: number;
}

/** The props of the exposed mf_finance/Calculator. */
export interface CalculatorProps {
  /** The car on the vehicle page: the calculator reads its price and the site's lender figures itself. */
  carId: string;
  /** Told the estimate whenever it changes; null where the car shows no finance. */
  onEstimate?: (estimate: FinanceEstimate | null) => void;
}

/** The card's finance line: '$123/wk', or 'Enquire for Finance' at 25 or below or when there is no estimate. */
export function weeklyFinance(weekly: number | null): string {
  if (weekly === null || weekly <= ENQUIRE_FOR_FINANCE_MAX) return 'Enquire for Finance';
  return `${formatDollars(weekly)}/wk`;
}
