import type { CarFinanceFacts, LenderFacts } from '@forecourt/shared-config';
import { advertisedRepayment } from '@forecourt/shared-config/calculator';
import { askingPrice } from '@forecourt/shared-config/price';
import type { FinanceSettings } from '@forecourt/shared-config/tenant';

/**
 * A car as the stock index returns it (the fields the search pages read). The index is the
 * contract: the same record comes from the embedded service and from Algolia.
 */
export type CarStatus = 'in_stock' | 'coming_soon' | 'sold' | (string & {});

export interface CarHit {
  objectID: string;
  slug: string;
  name: string;
  make: string;
  model: string;
  car_type: string;
  status: CarStatus;
  price: number;
  before_price: number | null;
  offer_price: number | null;
  subscription_price: number | null;
  price_type: string | null;
  preorder: boolean;
  weekly_price: number | null;
  /** 'car', 'caravan', 'motorcycle' or 'truck'. */
  item_type: string;
  km: number;
  tag: string | null;
  reserved: boolean;
  certified: boolean;
  fuel: string;
  body: string;
  created_at_timestamp: number | null;
  sold_at_timestamp: number | null;
  primary_image_url: string | null;
  location_name: string;
  /** The index's stock number and location slug (the lead dialogs' car summary). */
  stocknum?: string;
  location_slug?: string;
  views: number | null;
  /** What the shared finance rule reads besides the price (shared-config's carShowsFinance). */
  year: number;
  dealership_slug: string;
  /** The site's provider's lender figures for the car, or null when it has none. */
  finance_lender: LenderFacts | null;
}

/** The car as the shared finance rule reads it: the asking price (an offer first), as the car's page reads it. */
export function hitFinanceFacts(hit: CarHit): CarFinanceFacts {
  return {
    make: hit.make,
    year: hit.year,
    price: askingPrice(hit) ?? 0,
    status: hit.status,
    dealership_slug: hit.dealership_slug,
    finance_quote_weekly: hit.weekly_price,
    lender: hit.finance_lender,
  };
}


/**
 * The weekly figure a card shows for the car: the site's calculator at its starting values on the
 * asking price (shared-config's `advertisedRepayment`), the same figure the car's page and its
 * sticky header show. Not the lender's stored quote (`weekly_price`), which the page never showed.
 */
export function hitWeeklyRepayment(hit: CarHit, finance: Pick<FinanceSettings, 'provider' | 'calculator'>): number {
  return advertisedRepayment(finance, askingPrice(hit)).weekly;
}
