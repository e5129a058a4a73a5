import { renderWithPlatform, serveRoutes, testRouteHeadings, testTenant } from '@forecourt/shared-config/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import routes from '../../routes.json';
import { testCar } from '../testing/test-car';
import type { VehicleSummary } from '../contract';
import { VehicleDetails } from '../features/vehicle-page/components/vehicle-page';
import { VehicleRoutes } from './vehicle-app';

// The calls the pages make as they open. These tests are about what a page shows before any
// answer (its first paint, from the address or the car it was given); what each answer does is
// the subject of its own component's tests, so here none arrives.
beforeEach(() =>
  serveRoutes({
    'GET /api/vehicle/cars/:slug': 'unanswered',
    'GET /api/vehicle/cars/:slug/reservation': 'unanswered',
    'GET /api/cars/:slug/autogauge': 'unanswered',
    'POST /api/cars/:slug/views': 'unanswered',
    'POST /api/events': 'unanswered',
  }),
);

function renderAt(route: string, tenant = testTenant()) {
  return renderWithPlatform(<VehicleRoutes />, { route, tenant });
}

describe('vehicle routes', () => {
  testRouteHeadings({
    renderAt,
    routes,
    slug: '2021-toyota-hilux',
  });
});

const HILUX = testCar({ before_price: 54990, dealer_comments: 'One owner | Full service history' });

function renderDetails(car: VehicleSummary | null, tenant = testTenant(), failed = false) {
  return renderWithPlatform(<VehicleDetails slug={car?.slug ?? 'x'} car={car} failed={failed} />, {
    route: `/cars/${car?.slug ?? 'x'}`,
    tenant,
  });
}

describe('vehicle page', () => {
  it('titles the page with the car’s name from stock', () => {
    renderDetails(HILUX);
    expect(screen.getByRole('heading', { level: 1, name: '2021 Toyota Hilux SR5' })).toBeInTheDocument();
  });

  it('shows the price with the was-price struck through (the cards’ rule)', () => {
    renderDetails(HILUX);
    expect(screen.getByText('$52,990')).toBeInTheDocument();
    expect(screen.getByLabelText('was $54,990')).toBeInTheDocument();
  });

  it('shows the car’s year and kilometres in the key information', () => {
    renderDetails(HILUX);
    const keyInfo = within(screen.getByRole('region', { name: 'Key information' }));
    expect(keyInfo.getByText('2021')).toBeInTheDocument();
    expect(keyInfo.getByText('45,210 kms')).toBeInTheDocument();
  });

  it('tells the shopper a sold car sold, in the spec’s words, and offers a similar one', () => {
    renderDetails({ ...HILUX, status: 'sold' });
    expect(
      screen.getByText("Unfortunately this car recently sold. But don't worry, we can help you find a similar one!", {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find Me Something Similar' })).toHaveAttribute(
      'href',
      '/contact?car_id=harbourside-motors-1&type=similar',
    );
  });

  it('says so, with the dealer’s phone, when the car could not be read', () => {
    renderDetails(null, testTenant(), true);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'We could not load this car just now. Please try again in a moment, or call us on 02 9000 0000.',
    );
  });

  it('shows the dealer’s comments as paragraphs, split on |', () => {
    renderDetails(HILUX);
    const comments = within(screen.getByRole('tabpanel', { name: 'Dealer Comments' }));
    expect(comments.getByText('One owner')).toBeInTheDocument();
    expect(comments.getByText('Full service history')).toBeInTheDocument();
    expect(comments.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('cuts long comments at 400 characters with Show more / Show less', () => {
    const long = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    renderDetails({ ...HILUX, dealer_comments: long });
    const comments = within(screen.getByRole('tabpanel', { name: 'Dealer Comments' }));
    expect(comments.queryByText(long)).not.toBeInTheDocument();
    fireEvent.click(comments.getByRole('button', { name: 'Show more' }));
    expect(comments.getByText(long)).toBeInTheDocument();
    expect(comments.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('says the comments are pending when the dealer has written none', () => {
    renderDetails({ ...HILUX, dealer_comments: '  ' });
    expect(
      within(screen.getByRole('tabpanel', { name: 'Dealer Comments' })).getByText(
        'Dealer comments are pending. Please check back here later.',
      ),
    ).toBeInTheDocument();
  });

  it('leads the breadcrumb through body type and condition, make, model and body type (spec: Home > body type and condition > make > model > body type > title)', () => {
    renderDetails(HILUX);
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Used utes', '/search/used-cars?body=ute'],
      ['Toyota', '/search/toyota'],
      ['Hilux', '/search/toyota/hilux'],
      ['Ute', '/search/toyota?body=ute'],
    ]);
    expect(crumbs.getByText('2021 Toyota Hilux SR5')).toHaveAttribute('aria-current', 'page');
  });

  it('leaves the model out of the breadcrumb when it is not one of the site’s configured models (spec: model only for a configured model)', () => {
    renderDetails({ ...HILUX, catalogue_model: false });
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'Used utes', 'Toyota', 'Ute']);
  });

  it('leads the make and model steps to /used-car/... on a site that uses those paths', () => {
    renderDetails(HILUX, testTenant({ search: { carTypes: ['used'], usedCarPaths: true } }));
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Toyota' })).toHaveAttribute('href', '/used-car/toyota');
    expect(crumbs.getByRole('link', { name: 'Hilux' })).toHaveAttribute('href', '/used-car/toyota/hilux');
  });

  it('names the condition in the site’s noun for a car without a body type', () => {
    renderDetails({ ...HILUX, body: '' }, testTenant({ search: { itemNoun: 'caravan' } }));
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Used caravans', '/search/used-cars'],
      ['Toyota', '/search/toyota'],
      ['Hilux', '/search/toyota/hilux'],
    ]);
  });

  it('shows a subscription dealer’s car at its subscription price', () => {
    renderDetails({ ...HILUX, subscription_price: 204 }, testTenant({ pricing: { subscriptionDealer: true } }));
    expect(screen.getAllByText('$204').length).toBeGreaterThan(0);
    expect(screen.getAllByText('/ week').length).toBeGreaterThan(0);
  });

  it('shows the site’s own no-price text for a car priced at 0', () => {
    renderDetails(
      { ...HILUX, price: 0, before_price: null },
      testTenant({ pricing: { noPriceText: 'Call for price' } }),
    );
    expect(screen.getAllByText('Call for price').length).toBeGreaterThan(0);
  });

  it('shows the site’s own slides under the gallery where it has the custom slider', () => {
    renderDetails({
      ...HILUX,
      custom_slides: [
        {
          name: 'Special offers',
          description: 'Save this month.',
          url: '/special-offers',
          image: '/media/slides/x-2.jpg?w=1600',
        },
      ],
    });
    expect(
      within(screen.getByRole('region', { name: 'From Test Motors' })).getByRole('link', { name: /Special offers/ }),
    ).toHaveAttribute('href', '/special-offers');
  });

  it('shows the card’s tag badge: a sold car reads the site’s sold text', () => {
    renderDetails({ ...HILUX, status: 'sold' });
    expect(screen.getByText('just sold')).toBeInTheDocument();
  });

  it('masks the dealer’s phone until the shopper asks for it, then offers it as a call link', () => {
    renderDetails(HILUX);
    expect(screen.getByText('(02) **** ****')).toBeInTheDocument();
    expect(
      screen.queryByRole('link', { name: 'Call Harbourside Motors Alexandria on (02) 9555 0142' }),
    ).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show number' }));
    expect(screen.getByRole('link', { name: 'Call Harbourside Motors Alexandria on (02) 9555 0142' })).toHaveAttribute(
      'href',
      'tel:0295550142',
    );
  });

  it('shows the phone from the start on a site that reveals it', () => {
    renderDetails(HILUX, testTenant({ vehicle: { phoneRevealed: true } }));
    expect(
      screen.getByRole('link', { name: 'Call Harbourside Motors Alexandria on (02) 9555 0142' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show number' })).not.toBeInTheDocument();
  });

  it('offers to reserve this car online with the default $200 deposit', () => {
    renderDetails(HILUX);
    expect(screen.getByRole('link', { name: 'Reserve Car Now for $200' })).toHaveAttribute(
      'href',
      '/cars/2021-toyota-hilux-sr5-ha010001/checkout',
    );
  });

  it('sends the reserve button to /buy-online on a site that names that page', () => {
    renderDetails(HILUX, testTenant({ vehicle: { checkoutPath: 'buy-online' } }));
    expect(screen.getByRole('link', { name: 'Reserve Car Now for $200' })).toHaveAttribute(
      'href',
      '/cars/2021-toyota-hilux-sr5-ha010001/buy-online',
    );
  });

  it('names no amount on the reserve button of a site with a $0 deposit', () => {
    renderDetails(HILUX, testTenant({ vehicle: { reserveDeposit: 0 } }));
    expect(screen.getByRole('link', { name: 'Reserve Car Now' })).toBeInTheDocument();
  });

  it('offers no reserving on a site without online checkout', () => {
    renderDetails(HILUX, testTenant({ vehicle: { onlineCheckout: false } }));
    expect(screen.queryByRole('link', { name: /Reserve Car Now/ })).not.toBeInTheDocument();
  });

  it('leaves out the finance link when the site has no finance', () => {
    renderDetails(HILUX, testTenant({ features: { 'mf-finance': false } }));
    expect(screen.queryByRole('link', { name: 'Get Finance' })).not.toBeInTheDocument();
  });

  it('leaves out Get Finance for a car the finance rule shows none for (no lender record on an Angle site)', () => {
    renderDetails({ ...HILUX, finance_lender: null }, testTenant({ finance: { provider: 'Angle' } }));
    expect(screen.queryByRole('link', { name: 'Get Finance' })).not.toBeInTheDocument();
  });

  it('shows no fuel cost calculator for a caravan', () => {
    renderDetails({ ...HILUX, item_type: 'caravan', fuel: 'none', transmission: 'none' });
    expect(screen.queryByRole('heading', { name: 'Fuel cost calculator' })).not.toBeInTheDocument();
  });

  it('shows its feature banner, with the spec’s subtitles, on a site whose footer has none', () => {
    renderDetails(HILUX);
    expect(
      within(screen.getByRole('navigation', { name: 'More from us' })).getByText('Save time and book online'),
    ).toBeInTheDocument();
  });

  it('leaves the feature banner to the footer on a site whose footer shows it: one banner a page', () => {
    renderDetails(HILUX, testTenant({ chrome: { featureBanner: true } }));
    expect(screen.queryByRole('navigation', { name: 'More from us' })).not.toBeInTheDocument();
  });
});

describe('checkout page', () => {
  it('names the reservation with the tenant item noun', () => {
    renderAt('/cars/2019-jayco-starcraft/checkout', testTenant({ search: { itemNoun: 'caravan' } }));
    expect(screen.getByRole('heading', { level: 1, name: 'Reserve this caravan online' })).toBeInTheDocument();
  });

  it('states the default deposit', () => {
    renderAt('/cars/2021-toyota-hilux/checkout');
    expect(screen.getByText('Pay a $200 deposit to reserve this car.')).toBeInTheDocument();
  });

  it('states the 48-hour hold', () => {
    renderAt('/cars/2021-toyota-hilux/buy-online');
    expect(screen.getByText('We hold the car for you for 48 hours.')).toBeInTheDocument();
  });

  it('states that the deposit is refundable', () => {
    renderAt('/cars/2021-toyota-hilux/checkout');
    expect(screen.getByText('Your deposit is 100% refundable.')).toBeInTheDocument();
  });

  it('links back to the car from the checkout journey', () => {
    renderAt('/checkout-journey?car_id=2021-toyota-hilux');
    expect(screen.getByRole('link', { name: '2021 Toyota Hilux' })).toHaveAttribute('href', '/cars/2021-toyota-hilux');
  });
});

describe('print page', () => {
  it('titles the page from car_id', () => {
    renderAt('/print?car_id=2021-toyota-hilux');
    expect(screen.getByRole('heading', { level: 1, name: '2021 Toyota Hilux' })).toBeInTheDocument();
  });

  it('offers to print', () => {
    renderAt('/print?car_id=2021-toyota-hilux');
    expect(screen.getByRole('button', { name: 'Print this page' })).toBeInTheDocument();
  });

  it('sends a visitor without car_id to the stock', () => {
    renderAt('/print');
    expect(screen.getByRole('link', { name: 'Browse our cars' })).toHaveAttribute(
      'href',
      '/search/new-used-and-demo-cars',
    );
  });
});

describe("the vehicle page's used-car checks", () => {
  it("lists the site's used-car checks on a used car's page", () => {
    renderDetails(
      HILUX,
      testTenant({
        vehicle: {
          usedCarChecks: ['Gas and electrical compliance certificates', 'Water ingress test of every seal and hatch'],
        },
      }),
    );
    const block = within(screen.getByRole('region', { name: 'Used car checks' }));
    expect(block.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '✓Gas and electrical compliance certificates',
      '✓Water ingress test of every seal and hatch',
    ]);
  });

  it("shows no used-car checks on a new car's page", () => {
    renderDetails({ ...HILUX, car_type: 'new' });
    expect(screen.queryByRole('region', { name: 'Used car checks' })).toBeNull();
  });

  it('shows no used-car checks where the site lists none', () => {
    renderDetails(HILUX, testTenant({ vehicle: { usedCarChecks: [] } }));
    expect(screen.queryByRole('region', { name: 'Used car checks' })).toBeNull();
  });
});

describe("the vehicle page's feature banner", () => {
  it("offers 'Sell your car' with its instant offer where the site values trade-ins online", () => {
    renderDetails(HILUX);
    expect(
      within(screen.getByRole('navigation', { name: 'More from us' })).getByRole('link', { name: /Sell your car/ }),
    ).toHaveTextContent('Get an instant offer in 2 minutes');
  });

  it("leaves 'Sell your car' out where the dealer values trade-ins in person (leads.tradeIn off)", () => {
    renderDetails(HILUX, testTenant({ leads: { tradeIn: false } }));
    const banner = within(screen.getByRole('navigation', { name: 'More from us' }));
    expect(banner.getAllByRole('link').map((link) => link.querySelector('strong')?.textContent)).toEqual([
      'See our latest offers',
      'Book your service online',
    ]);
  });
});
