/**
 * Typed links to pages other teams own. A team never writes another team's URL by hand; the
 * owning team changes its route here and in its `routes.json` together.
 */
function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export const paths = {
  home: () => '/',
  search: (condition: 'new-used-and-demo' | 'used' | 'new-and-demo' | 'new' | 'demo' = 'new-used-and-demo') =>
    `/search/${condition}-cars`,
  /**
   * A make's (or a model's) stock, by the index's slugs. A site with `search.usedCarPaths` (spec:
   * 'some used-car sites use /used-car/... instead') passes its search settings to get `/used-car/...`.
   */
  searchMake: (make: string, model?: string, site?: { usedCarPaths: boolean }) => {
    const root = site?.usedCarPaths ? '/used-car' : '/search';
    return model ? `${root}/${make}/${model}` : `${root}/${make}`;
  },
  /** A dealership's (or a location's) stock: mf-search reads the slug as either. */
  searchDealer: (dealershipSlug: string) => `/search/${encodeURIComponent(dealershipSlug)}`,
  specialOffers: () => '/special-offers',
  /** The manufacturer and model search (the site's new model catalogue). */
  models: () => '/models',
  /** This browser's favourite cars, and the cars picked for comparing (mf-search). */
  favourites: () => '/favourites',
  compare: () => '/compare',
  /** The signed-in shopper's watchlist (mf-search). */
  watchlist: () => '/watchlist',
  car: (slug: string) => `/cars/${encodeURIComponent(slug)}`,
  /** Reserve online: the site's `vehicle.checkoutPath` names the last segment. */
  checkout: (slug: string, page: 'checkout' | 'buy-online' = 'checkout') => `/cars/${encodeURIComponent(slug)}/${page}`,
  print: (slug: string) => withQuery('/print', { car_id: slug }),
  finance: () => '/finance',
  personalisedFinance: (carId: string) => withQuery('/personalised/finance', { car_id: carId }),
  financeEnquiry: () => '/finance-enquiry',
  bookTestDrive: () => '/book-test-drive/',
  tradeIn: (carId?: string) => (carId ? withQuery('/cars/trade-in', { car_id: carId }) : '/trade-in'),
  sellMyCar: () => '/sell-my-car',
  contact: () => '/contact',
  /** The find-me-something-similar enquiry about a sold car (the page's button without the dialog). */
  findSimilar: (carId: string) => withQuery('/contact', { car_id: carId, type: 'similar' }),
  service: () => '/service',
  careers: () => '/careers',
  success: () => '/success',
  signIn: (type: string, redirect: string, back: string) => withQuery('/sign-in', { type, redirect, back }),
  ourLocation: (slug: string) => `/our-location/${encodeURIComponent(slug)}`,
  location: (slug: string) => `/locations/${encodeURIComponent(slug)}`,
  contactUs: (slug?: string) => (slug ? `/contact-us/${encodeURIComponent(slug)}` : '/contact-us'),
} as const;
