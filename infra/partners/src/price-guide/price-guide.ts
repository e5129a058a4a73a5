import { sql, type Kysely } from 'kysely';
import type { PlatformTables } from '@forecourt/data/schema';
import { askingPrice, PREORDER_PRICE_MAX } from '@forecourt/shared-config/price';
import { formatDollars } from '@forecourt/shared-config/format';

/** What the market pays for cars like one car: averages for the market indicator. */
export interface MarketAverages {
  /** Average asking price of comparable cars in the car's state; null when there are none. */
  state_average: number | null;
  /** The same across the country. */
  national_average: number | null;
}

/** Spec price-comparison response: fill, listing_price, market_range_min, market_range_max, confidence, description. */
export interface PriceComparison {
  /** Where the listing price sits in the market range, 0 (bottom) to 100 (top). */
  fill: number | null;
  listing_price: number | null;
  market_range_min: number | null;
  market_range_max: number | null;
  /** 0 to 1: how far the range can be trusted (grows with the number of comparable cars). */
  confidence: number;
  description: string;
}

export interface PricedCar {
  id: string;
  /** What the comparison sentence calls the comparables ('similar caravans'); a car when absent. */
  item_type?: string;
  make: string;
  model: string;
  year: number;
  car_type: string;
  state: string;
  price: number;
  offer_price: number | null;
}

/**
 * The price-guide partner (an AutoGauge-like valuation service), as the platform calls it. The
 * embedded implementation, `StockPriceGuide`, estimates from the platform's own stock; a
 * production adapter calls the partner's API with the same answers.
 */
export interface PriceGuide {
  marketAverages(car: PricedCar): Promise<MarketAverages>;
  compare(car: PricedCar): Promise<PriceComparison>;
}

const round100 = (n: number) => Math.round(n / 100) * 100;

/**
 * shared-config's `askingPrice` in SQL, for the comparable cars' prices: the offer when it is a
 * real price (over $10) below the price, else the price. Both forms are tested on one car
 * (price-guide.test.ts).
 */
const ASKING_SQL = sql<number>`case when offer_price > ${PREORDER_PRICE_MAX} and offer_price < price then offer_price else price end`;

/** Within this many dollars of the middle of the range, a price reads as in line with the market. */
export const IN_LINE_DOLLARS = 250;

/**
 * The sentence under the price-comparison bar, from what the bar draws: the gap between the
 * listing price and the middle of the range shown (halfway between its two ends), in whole dollars
 * as the product shows dollar figures. Said of another figure (the comparables' median), it read
 * "$2,000 below the middle" beside a bar whose middle was $960 away.
 */
export function comparisonSentence(input: {
  listing: number;
  min: number;
  max: number;
  subject: string;
  comparables: number;
  itemType?: string;
}): string {
  const middle = (input.min + input.max) / 2;
  const gap = Math.round(middle - input.listing);
  const compared = `compared with ${input.comparables} similar ${input.itemType ?? 'car'}s`;
  if (Math.abs(gap) < IN_LINE_DOLLARS) return `Priced in line with the market for a ${input.subject}, ${compared}.`;
  return `Priced ${formatDollars(Math.abs(gap))} ${gap > 0 ? 'below' : 'above'} the middle of the market range for a ${input.subject}, ${compared}.`;
}

/** Fewer comparable cars than this and no range is given. */
const MIN_COMPARABLES = 3;

/**
 * Estimates from every dealer's stock on the platform (the market the platform sees): cars of the
 * same make and model, built within a year either side, of the same kind (new against new, used
 * and demo against used and demo), with a real price (over $10: lower prices are placeholders),
 * the car itself left out. The range is the 10th to the 90th percentile of their prices; the
 * confidence grows with their number, n / (n + 8): 3 cars give 0.27, 8 give 0.5, 24 give 0.75.
 */
export class StockPriceGuide implements PriceGuide {
  constructor(private readonly db: Kysely<PlatformTables>) {}

  private comparables(car: PricedCar) {
    const newOnly = car.car_type === 'new';
    return this.db
      .selectFrom('cars')
      .where(sql<boolean>`make = ${car.make}`)
      .where(sql<boolean>`model = ${car.model}`)
      .where(sql<boolean>`year between ${car.year - 1} and ${car.year + 1}`)
      .where(sql<boolean>`(car_type = 'new') = ${newOnly}`)
      .where(sql<boolean>`${ASKING_SQL} > ${PREORDER_PRICE_MAX}`)
      .where(sql<boolean>`id <> ${car.id}`);
  }

  async marketAverages(car: PricedCar): Promise<MarketAverages> {
    const row = await this.comparables(car)
      .select([
        sql<string | null>`avg(${ASKING_SQL}) filter (where state = ${car.state})`.as('state_average'),
        sql<string | null>`avg(${ASKING_SQL})`.as('national_average'),
      ])
      .executeTakeFirst();
    const value = (v: string | null | undefined) => (v === null || v === undefined ? null : Math.round(Number(v)));
    return { state_average: value(row?.state_average), national_average: value(row?.national_average) };
  }

  async compare(car: PricedCar): Promise<PriceComparison> {
    const listing = askingPrice(car);
    const row = await this.comparables(car)
      .select([
        sql<string>`count(*)`.as('n'),
        sql<string | null>`percentile_cont(0.1) within group (order by ${ASKING_SQL})`.as('low'),
        sql<string | null>`percentile_cont(0.9) within group (order by ${ASKING_SQL})`.as('high'),
      ])
      .executeTakeFirst();
    const n = Number(row?.n ?? 0);
    const subject = `${car.year} ${car.make} ${car.model}`;
    if (n < MIN_COMPARABLES || row?.low === null || row?.high === null || listing === null) {
      return {
        fill: null,
        listing_price: listing,
        market_range_min: null,
        market_range_max: null,
        confidence: 0,
        description: `Not enough ${subject}s on the market to compare prices.`,
      };
    }
    const min = round100(Number(row!.low));
    const max = Math.max(min, round100(Number(row!.high)));
    const fill = max === min ? 50 : Math.round(Math.min(100, Math.max(0, ((listing - min) / (max - min)) * 100)));
    const description = comparisonSentence({ listing, min, max, subject, comparables: n, itemType: car.item_type });
    return {
      fill,
      listing_price: listing,
      market_range_min: min,
      market_range_max: max,
      confidence: Math.round((n / (n + 8)) * 100) / 100,
      description,
    };
  }
}
