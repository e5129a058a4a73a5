import type { TenantConfig } from '@forecourt/shared-config/tenant';

/**
 * Where each demo tenant trades: dealerships and their sites. Tenants without a plan (a new
 * tenant added as data) get one dealership with a sales-and-service site in their own city.
 */
export interface SitePlan {
  suffix: string;
  street: string;
  suburb: string;
  city: string;
  state: string;
  postcode: string;
  lat: number;
  long: number;
  /** Location types at this site; the first is the primary one. */
  types: Array<'sales' | 'service' | 'parts' | 'car-buying'>;
  manufacturers: string[];
  /**
   * One listing for the whole site: a single location row carrying every type's hours (a small
   * dealer's one yard), instead of a row per type.
   */
  oneListing?: boolean;
  /** Types whose rows are `visible: false` (a department the dealer keeps off its website). */
  unlisted?: Array<'sales' | 'service' | 'parts' | 'car-buying'>;
}

export interface DealershipPlan {
  name: string;
  slug: string;
  sites: SitePlan[];
  /** Catalogue sections this dealership sells. */
  sells: Array<'car' | 'motorcycle' | 'truck' | 'caravan'>;
  /** No retail stock (a fleet or wholesale arm): its locations exist, no car is listed there. */
  noStock?: boolean;
  /**
   * The 20 sample reviews' ratings and the review total, where the demo wants exact figures (the
   * spec's sample: 20 reviews, total 673, average 4.6); otherwise both are drawn at random.
   */
  reviews?: { ratings: number[]; total: number };
}

/** Spec sample data: 20 reviews, total 673, average 4.6 (14 fives, 5 fours, one two: 92 / 20). */
const SAMPLE_REVIEWS = { ratings: [5, 5, 4, 5, 5, 5, 4, 5, 2, 5, 5, 4, 5, 5, 5, 4, 5, 5, 4, 5], total: 673 };

export const DEALERSHIP_PLANS: Record<string, DealershipPlan[]> = {
  'harbourside-motors': [
    {
      name: 'Harbourside Motors',
      slug: 'harbourside-motors',
      sells: ['car'],
      sites: [
        {
          suffix: 'alexandria',
          street: "120 O'Riordan Street",
          suburb: 'Alexandria',
          city: 'Sydney',
          state: 'NSW',
          postcode: '2015',
          lat: -33.9048,
          long: 151.1947,
          types: ['sales', 'service', 'parts'],
          manufacturers: ['Toyota', 'Mazda', 'Hyundai'],
        },
        {
          suffix: 'parramatta',
          street: '45 Church Street',
          suburb: 'Parramatta',
          city: 'Parramatta',
          state: 'NSW',
          postcode: '2150',
          lat: -33.8151,
          long: 151.0011,
          types: ['sales'],
          manufacturers: ['Toyota'],
        },
      ],
    },
  ],
  'redgum-used-cars': [
    {
      name: 'Redgum Used Cars',
      slug: 'redgum-used-cars',
      sells: ['car'],
      // An average of 3.8 (under the badge's minimum of 4): the site shows no review badge.
      reviews: { ratings: [5, 4, 3, 5, 1, 4, 5, 2, 4, 3, 5, 4, 5, 2, 3, 5, 4, 1, 5, 5], total: 41 },
      sites: [
        {
          suffix: 'ballarat',
          street: '9 Gillies Street North',
          suburb: 'Wendouree',
          city: 'Ballarat',
          state: 'VIC',
          postcode: '3355',
          lat: -37.5301,
          long: 143.8236,
          types: ['sales', 'service'],
          manufacturers: [],
          oneListing: true,
        },
      ],
    },
  ],
  'summit-auto-group': [
    {
      name: 'Summit Ford Eagle Farm',
      slug: 'summit-ford-eagle-farm',
      sells: ['car'],
      reviews: SAMPLE_REVIEWS,
      sites: [
        {
          suffix: 'eagle-farm',
          street: '1 Kingsford Smith Drive',
          suburb: 'Eagle Farm',
          city: 'Brisbane',
          state: 'QLD',
          postcode: '4009',
          lat: -27.4305,
          long: 153.0866,
          types: ['sales', 'service', 'parts'],
          manufacturers: ['Ford'],
          oneListing: true,
        },
        // Where Summit buys cars from the public (spec location type 'car-buying'); no stock there.
        {
          suffix: 'car-buying-centre',
          street: '640 Gympie Road',
          suburb: 'Chermside',
          city: 'Brisbane',
          state: 'QLD',
          postcode: '4032',
          lat: -27.3856,
          long: 153.0312,
          types: ['car-buying'],
          manufacturers: [],
        },
      ],
    },
    {
      name: 'Summit Kia Springwood',
      slug: 'summit-kia-springwood',
      sells: ['car'],
      sites: [
        // The service department is being rebuilt: its row is kept, off the website (visible: false).
        {
          suffix: 'springwood',
          street: '3350 Pacific Highway',
          suburb: 'Springwood',
          city: 'Brisbane',
          state: 'QLD',
          postcode: '4127',
          lat: -27.6128,
          long: 153.1297,
          types: ['sales', 'service'],
          manufacturers: ['Kia'],
          unlisted: ['service'],
        },
      ],
    },
    {
      name: 'Summit Motorcycles & Trucks Ipswich',
      slug: 'summit-ipswich',
      sells: ['motorcycle', 'truck'],
      sites: [
        {
          suffix: 'ipswich',
          street: '88 Brisbane Road',
          suburb: 'Booval',
          city: 'Ipswich',
          state: 'QLD',
          postcode: '4304',
          lat: -27.6137,
          long: 152.7878,
          types: ['sales', 'service', 'parts'],
          manufacturers: ['Yamaha', 'Kawasaki', 'Isuzu', 'Fuso'],
        },
      ],
    },
    {
      // The group's fleet arm sells to businesses only: the site hides it (locations.hiddenDealerships).
      name: 'Summit Fleet Sales',
      slug: 'summit-fleet-sales',
      sells: ['car'],
      noStock: true,
      sites: [
        {
          suffix: 'fleet-pinkenba',
          street: '20 Eagle Farm Road',
          suburb: 'Pinkenba',
          city: 'Brisbane',
          state: 'QLD',
          postcode: '4008',
          lat: -27.4219,
          long: 153.1075,
          types: ['sales'],
          manufacturers: ['Ford', 'Kia'],
        },
      ],
    },
  ],
  'wattle-street-car-yard': [
    {
      // A small independent yard: its cars come from its dealer feed (infra/demo-feed), not the seed.
      name: 'Wattle St Car Yard',
      slug: 'wattle-street-car-yard',
      sells: ['car'],
      sites: [
        {
          suffix: 'prospect',
          street: '212 Main North Road',
          suburb: 'Prospect',
          city: 'Adelaide',
          state: 'SA',
          postcode: '5082',
          lat: -34.8839,
          long: 138.5947,
          types: ['sales', 'car-buying'],
          manufacturers: [],
          oneListing: true,
        },
        {
          suffix: 'edwardstown',
          street: '1090 South Road',
          suburb: 'Edwardstown',
          city: 'Adelaide',
          state: 'SA',
          postcode: '5039',
          lat: -34.9763,
          long: 138.5713,
          types: ['sales'],
          manufacturers: [],
        },
      ],
    },
  ],
  'coastal-caravans': [
    {
      name: 'Coastal Caravans',
      slug: 'coastal-caravans',
      sells: ['caravan'],
      sites: [
        {
          suffix: 'hervey-bay',
          street: '250 Boat Harbour Drive',
          suburb: 'Pialba',
          city: 'Hervey Bay',
          state: 'QLD',
          postcode: '4655',
          lat: -25.2869,
          long: 152.8323,
          types: ['sales', 'service'],
          manufacturers: ['Jayco', 'Avan'],
        },
      ],
    },
  ],
};

export function dealershipPlansFor(tenant: TenantConfig): DealershipPlan[] {
  const plan = DEALERSHIP_PLANS[tenant.slug];
  if (plan) return plan;
  return [
    {
      name: tenant.name,
      slug: tenant.slug,
      sells: tenant.kind === 'caravan' ? ['caravan'] : ['car'],
      sites: [
        {
          suffix: tenant.contact.city.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
          street: '1 Main Street',
          suburb: tenant.contact.city,
          city: tenant.contact.city,
          state: tenant.contact.state,
          postcode: '2000',
          lat: -33.8688,
          long: 151.2093,
          types: ['sales', 'service'],
          manufacturers: [],
        },
      ],
    },
  ];
}
