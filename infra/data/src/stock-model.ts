/**
 * The stock data model: every entity both specification files name, with every field they
 * list. Nested structures the pages read whole (images, hotspots, lenders, variant details,
 * opening hours) are stored as JSON columns; what is filtered, sorted or joined on is a column.
 */

export const CAR_STATUSES = ['in_stock', 'coming_soon', 'sold', 'on_hold', 'archived'] as const;
export type CarStatus = (typeof CAR_STATUSES)[number];
/** Spec: in_stock and coming_soon count as in stock; sold and any other status do not. */
export const IN_STOCK_STATUSES: readonly CarStatus[] = ['in_stock', 'coming_soon'];

export const CAR_TYPES = ['new', 'used', 'demo'] as const;
export type CarType = (typeof CAR_TYPES)[number];

export const ITEM_TYPES = ['car', 'motorcycle', 'truck', 'caravan'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

// Finance providers the specification names (a site picks one in its tenant config; their
// eligibility rules are mf-finance's).
export { FINANCE_PROVIDERS, type FinanceProvider } from '@forecourt/shared-config/tenant';
import type { FinanceProvider } from '@forecourt/shared-config/tenant';

export interface CarImage {
  image: { url: string; thumb: { url: string } };
}

export interface HotspotPosition {
  hotspotId: string;
  activeAngle: number;
  posX: number;
  posY: number;
}

export interface Hotspot {
  id: string;
  description: string;
  positions: HotspotPosition[];
}

export interface Hotspots {
  exterior: Hotspot[];
  interior: Hotspot[];
}

/** One lender's figures for a car (spec: 'Finance lender record (keyed by provider)'). */
export interface FinanceLender {
  financeProvider: FinanceProvider;
  disclaimer: string;
  termYears: number;
  termMonths: number;
  termWeeks: number;
  /** e.g. term5: the repayment for a 5-year term. */
  [termN: `term${number}`]: number;
  interestRate: number | null;
  comparisonRate: number | null;
  establishmentFees: number;
  deposit: number;
  balloon: number;
  totalPayable: number;
  paymentWeek: number | null;
  paymentMonth: number | null;
}

export interface VariantDetails {
  cylinders: number | null;
  enginesize: number | null;
  enginesize_litres: number | null;
  induction: string | null;
  fuelconsumptioncombined: number | null;
  fuelcapacity: number | null;
  grossvehiclemass: number | null;
  vehiclelength: number | null;
  vehicleheight: number | null;
  vehiclewidth: number | null;
  towingcapacitybraked: number | null;
  bodyconfiguration: string | null;
  torque: number | null;
  ancaprating: number | null;
}

export interface CarLocationRef {
  id: string;
  name: string;
  slug: string;
  phone: string;
  distribution_locations: string[];
  address_id: string;
}

export interface Car {
  id: string;
  tenant: string;
  slug: string;
  path: string;
  name: string;
  item_type: ItemType;
  year: number;
  make: string;
  model: string;
  badge: string | null;
  series: string | null;
  colour: string;
  price: number;
  before_price: number | null;
  offer_price: number | null;
  subscription_price: number | null;
  price_type: string;
  /** Price 10 or less shows PREORDER for these (spec: price display priority). */
  preorder: boolean;
  km: number;
  stocknum: string;
  vin: string;
  nvic: string | null;
  regplate: string | null;
  rego_expiry: string | null;
  build_date: string | null;
  compliance_date: string | null;
  status: CarStatus;
  sold_at: string | null;
  car_type: CarType;
  tag: string | null;
  reserved: boolean;
  certified: boolean;
  created_at: string;
  views: number;
  fuel: string;
  simple_fuel: string;
  body: string;
  simple_body: string;
  transmission: string;
  simple_transmission: string;
  drive: string;
  seats: number;
  engine_size: number | null;
  engine_size_litres: number | null;
  dealercomments: string;
  dealership_id: string;
  dealership_slug: string;
  dealership_name: string;
  location_id: string;
  city: string;
  state: string;
  images: CarImage[];
  primary_image_url: string | null;
  video_url: string | null;
  external_video_url: string | null;
  spin_images: string[];
  spin_code: string | null;
  spin_interior_image: string | null;
  hotspots: Hotspots;
  standard_equipment: string[];
  filtered_features: string[];
  categories: string[];
  variant: VariantDetails;
  location: CarLocationRef;
  finance_lenders: Partial<Record<FinanceProvider, FinanceLender>>;
  /** The finance-quote weekly repayment shown on cards; null when no quote was made. */
  finance_quote_weekly: number | null;
  payment_processors: string[];
  /** History report link (spec: car history report needs a file). */
  file: string | null;
  show_on_dealer_website: boolean;
  /** Dealer's ranking for 'most relevant' (custom rank descending). */
  custom_rank: number;
}

export interface OpeningHour {
  weekday: number;
  status: 'Open' | 'Closed';
  formated_hours: string;
  open: string | null;
  close: string | null;
}

export interface SpecialHours {
  date: string;
  status: 'Open' | 'Closed' | 'By appointment only';
  location_id: string;
  start_hour: string | null;
  end_hour: string | null;
}

export interface Location {
  id: string;
  tenant: string;
  name: string;
  slug: string;
  location_type: 'sales' | 'service' | 'parts' | 'car-buying' | '';
  location_subtype: string[];
  manufacturers: string[];
  primary: boolean;
  visible: boolean;
  dealership_id: string;
  dealership_slug: string;
  dealer_license_number: string | null;
  motor_vehicle_repairer: string | null;
  image_url: string;
  distribution_locations: string[];
  average_rating: number;
  review_count: number;
  address: {
    street: string;
    city: string;
    state: string;
    postcode: string;
    lat: number;
    long: number;
    place_url: string;
    place_id: string;
    map_key: string;
  };
  contact_detail: {
    phone: string;
    landline_phone: string | null;
    /** Per type (sales, service, parts) when the location has several. */
    opening_hours: Record<string, OpeningHour[]>;
  };
  special_hours: SpecialHours[];
}

export interface Dealership {
  id: string;
  tenant: string;
  slug: string;
  name: string;
  average_rating: number;
  review_count: number;
}

export interface Review {
  id: string;
  tenant: string;
  dealership_id: string;
  customer_name: string;
  text: string;
  rating: number;
  review_date: string;
  reply_text: string | null;
  reply_date: string | null;
  image: string | null;
}

export interface Manufacturer {
  id: string;
  name: string;
  slug: string;
  logo_url: string;
}

export interface Model {
  id: string;
  manufacturer_id: string;
  name: string;
  slug: string;
  body: string;
  image_url: string;
  accessories_count: number;
  override_url: string | null;
}

export interface Brand {
  tenant: string;
  title: string;
  slug: string;
  category: 'car' | 'motorcycle' | 'truck';
  logo: string;
  banner: string;
  description: string;
  skip_page: boolean;
}

export interface Slide {
  id: string;
  tenant: string;
  name: string;
  description: string;
  url: string;
  image_url: string;
  hide_overlay: boolean;
}

export interface PromoNode {
  id: string;
  tenant: string;
  start: string | null;
  expiry: string | null;
  /**
   * Order among the promo nodes (nodes with a position come first, lowest first; the rest follow,
   * optionally shuffled). Where the cards go in the grid is the site's `search.promoSlots`.
   */
  position: number | null;
  display: CarType[];
  strict_display: boolean;
  node: { title: string; text: string; href: string; image_url: string | null };
}

export interface BlogCard {
  id: string;
  tenant: string;
  heading: string;
  description: string;
  href: string;
  image: string;
  date: string;
}

/** One site's whole stock and showroom, as the seed builds it and the data layer stores it. */
export interface TenantStock {
  tenant: string;
  dealerships: Dealership[];
  locations: Location[];
  reviews: Review[];
  cars: Car[];
  brands: Brand[];
  slides: Slide[];
  promos: PromoNode[];
  blog: BlogCard[];
}

export interface Catalogue {
  manufacturers: Manufacturer[];
  models: Model[];
}
