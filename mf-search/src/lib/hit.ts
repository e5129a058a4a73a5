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
  views: number | null;
}

