import {
  carFinanceFacts,
  lenderFactsSchema,
  priceDisplay,
  zm,
  type PublicTenantConfig,
} from '@forecourt/shared-config';
import { carRepayment } from '@forecourt/shared-config/calculator';

/**
 * A car as the stock index returns it (the fields the search pages read), and as the fallback
 * fetch answers it. The index is the contract: the same record comes from the embedded service,
 * from Algolia and from the stock itself when the search cannot answer.
 */

export const carHitSchema = zm.object({
  objectID: zm.string(),
  slug: zm.string(),
  name: zm.string(),
  make: zm.string(),
  model: zm.string(),
  car_type: zm.string(),
  /** 'in_stock', 'coming_soon', 'sold' or another stock status. */
  status: zm.string(),
  price: zm.number(),
  before_price: zm.nullable(zm.number()),
  offer_price: zm.nullable(zm.number()),
  subscription_price: zm.nullable(zm.number()),
  price_type: zm.nullable(zm.string()),
  preorder: zm.boolean(),
  /** 'car', 'caravan', 'motorcycle' or 'truck'. */
  item_type: zm.string(),
  km: zm.number(),
  tag: zm.nullable(zm.string()),
  reserved: zm.boolean(),
  certified: zm.boolean(),
  fuel: zm.string(),
  body: zm.string(),
  created_at_timestamp: zm.nullable(zm.number()),
  sold_at_timestamp: zm.nullable(zm.number()),
  primary_image_url: zm.nullable(zm.string()),
  location_name: zm.string(),
  /** The index's stock number and location slug (the lead dialogs' car summary). */
  stocknum: zm.optional(zm.string()),
  location_slug: zm.optional(zm.string()),
  views: zm.nullable(zm.number()),
  /** What the shared finance rule reads besides the price (shared-config's carFinanceFacts). */
  year: zm.number(),
  dealership_slug: zm.string(),
  /** The lender's stored quote, or null: the finance rule reads whether there is one; no card shows it. */
  finance_quote_weekly: zm.nullable(zm.number()),
  /** The site's provider's lender figures for the car, or null when it has none. */
  finance_lender: zm.nullable(lenderFactsSchema),
});
export type CarHit = zm.output<typeof carHitSchema>;

/**
 * The weekly figure a card (result, similar-car) shows for the car, or null for none: the site's
 * one figure for the car (shared-config's `carRepayment`: the calculator at its starting values on
 * the asking price, where the finance rule shows finance), the same the car's page and its sticky
 * header show. None beside a weekly subscription price: two weekly figures on one card would read
 * as one price contradicting the other, and the price is the product's figure there.
 */
export function cardRepayment(
  hit: CarHit,
  tenant: Pick<PublicTenantConfig, 'features' | 'finance' | 'pricing'>,
  now: Date = new Date(),
): number | null {
  if (priceDisplay(hit, tenant.pricing).suffix !== null) return null;
  return carRepayment(tenant, carFinanceFacts(hit), now)?.weekly ?? null;
}
