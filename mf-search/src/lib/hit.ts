import { carFinanceFacts, priceDisplay, type LenderFacts, type PublicTenantConfig } from '@forecourt/shared-config';
import { carRepayment } from '@forecourt/shared-config/calculator';

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
  /** What the shared finance rule reads besides the price (shared-config's carFinanceFacts). */
  year: number;
  dealership_slug: string;
  /** The lender's stored quote, or null: the finance rule reads whether there is one; no card shows it. */
  finance_quote_weekly: number | null;
  /** The site's provider's lender figures for the car, or null when it has none. */
  finance_lender: LenderFacts | null;
}

/**
 * The weekly figure a card (result, similar-car) shows for the car, or null for none: the site's
 * one figure for the car (shared-config's `carRepayment`: the calculator at its starting values on
 * the asking price, where the finance rule shows finance), the same the car's page and its sticky
 * header show. None beside a weekly subscription price: two weekly figures on one card would read
 * as one price contradicting the other, and the price is the product's figure there.
 */
export function cardRepayment(hit: CarHit, tenant: Pick<PublicTenantConfig, 'features' | 'finance' | 'pricing'>, now: Date = new Date()): number | null {
  if (priceDisplay(hit, tenant.pricing).suffix !== null) return null;
  return carRepayment(tenant, carFinanceFacts(hit), now)?.weekly ?? null;
}
