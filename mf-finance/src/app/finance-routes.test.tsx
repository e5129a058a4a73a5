import { FIRST_PAINT_DATA_ID, resetFirstPaintForTests } from '@forecourt/shared-config';
import {
  expectConsole,
  renderWithPlatform,
  serveRoutes,
  testRouteHeadings,
  testTenant,
} from '@forecourt/shared-config/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import routes from '../../routes.json';
import type { FinancePanelCar } from '../features/finance-page/api/finance-cars';
import type { FinanceFirstPaintData } from '../features/finance-page/lib/first-paint';
import { FinanceRoutes } from './finance-app';

function renderAt(route: string, tenant = testTenant()) {
  return renderWithPlatform(<FinanceRoutes />, { route, tenant });
}

describe('finance routes', () => {
  testRouteHeadings({
    renderAt,
    headings: [
      ['/finance', 'Finance'],
      ['/apply-for-finance', 'Apply for finance'],
      ['/finance-enquiry', 'Finance enquiry'],
      ['/personalised/finance', 'Personalised finance'],
    ],
    routes,
  });
});

describe('finance page', () => {
  it('shows the three steps without a car', () => {
    renderAt('/finance');
    const panel = within(screen.getByRole('complementary', { name: 'How it works' }));
    expect(panel.getAllByRole('listitem')).toHaveLength(3);
  });

  it('starts the purchase price at the price a link carried', async () => {
    // The form waits for the car's lookup: here the site no longer has the car.
    serveRoutes({ 'GET /api/finance/cars/:id': { status: 404, body: { error: 'No car test-motors-7 on this site' } } });
    renderAt('/personalised/finance?car_id=test-motors-7&vehiclePriceBudget=25000');
    expect(await screen.findByRole('textbox', { name: /Purchase price/ })).toHaveValue('25000');
  });

  it('shows the four steps of the application, the first one current', () => {
    renderAt('/finance');
    const steps = within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Quick Estimate',
      'Your Details',
      'Instant pre-approval',
      'Apply to lender',
    ]);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
  });

  it('is the Get Finance Now page without a car when the site has the call to action', () => {
    // The page also asks for its featured cars; the heading does not wait for them.
    serveRoutes({ 'GET /api/finance/featured': 'unanswered' });
    renderAt('/finance', testTenant({ finance: { getFinanceCta: true } }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Get Finance Now');
  });

  it("shows the finance enquiry on the dealer's own finance link", () => {
    renderAt('/car-loans', testTenant({ finance: { link: '/car-loans' } }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Finance enquiry');
  });

  it('offers the tenant phone as a call link', () => {
    renderAt('/finance');
    expect(screen.getByRole('link', { name: '02 9000 0000' })).toHaveAttribute('href', 'tel:0290000000');
  });

  it('uses the tenant item noun', () => {
    renderAt('/finance', testTenant({ search: { itemNoun: 'caravan' } }));
    expect(screen.getByText(/^Finance your next caravan with Test Motors\./)).toBeInTheDocument();
  });
});

describe('instant quote', () => {
  // A car the site finances (its lender's figures) with no stored quote: the partner is asked.
  it("asks the partner's quote for the chosen car, with its year, VIN and NVIC", async () => {
    const asked: unknown[] = [];
    serveRoutes({
      'GET /api/finance/cars/:id': {
        body: {
          car: {
            id: 'test-motors-7',
            slug: '2021-toyota-hilux',
            name: '2021 Toyota Hilux SR5',
            price: 52990,
            vin: 'MR0FA3CD100123456',
            nvic: 'ABC123',
            year: 2021,
            dealership_slug: 'test-motors',
            car_type: 'used',
            primary_image_url: null,
            disclaimer: null,
            make: 'Toyota',
            status: 'in_stock',
            finance_quote_weekly: null,
            lender: { interestRate: 8.5, comparisonRate: 9.1, paymentWeek: 121, paymentMonth: 524 },
          },
        },
      },
      'POST /api/youx/quote': (request) => {
        asked.push(request.body);
        return { body: { weeklyRepaymentAmount: 210, advertisedRate: 8.99, comparisonRate: 9.45 } };
      },
    });
    renderAt('/personalised/finance?car_id=test-motors-7', testTenant({ finance: { instantQuote: true } }));
    expect(await screen.findByTestId('quote-weekly', {}, { timeout: 3000 })).toHaveTextContent('$210');
    // Once the car has loaded, the quote asked is for that car.
    await waitFor(
      () =>
        expect(asked.at(-1)).toMatchObject({
          purchasePrice: 52990,
          year: 2021,
          vin: 'MR0FA3CD100123456',
          nvic: 'ABC123',
        }),
      { timeout: 3000 },
    );
  });
});

describe('the Equifax finance page (tenant finance.equifaxFinance)', () => {
  const equifaxSite = () => testTenant({ finance: { equifaxFinance: true } });

  it('is the finance enquiry with a credit check on a site that has it', () => {
    renderAt('/equifax-finance', equifaxSite());
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Equifax finance');
    expect(screen.getByText(/we obtain your credit report from Equifax/)).toBeInTheDocument();
  });

  it("asks the shopper's consent to the credit check in Your Details, and holds them there without it", async () => {
    renderAt('/equifax-finance', equifaxSite());
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const consent = await screen.findByRole('checkbox', {
      name: 'I agree to Test Motors obtaining my credit report from Equifax to assess this finance application.',
    });
    expect(consent).not.toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(/Please agree to the Equifax credit check to apply on this page\./, {
        selector: 'li, p, span, div',
      }),
    ).toBeInTheDocument();
  });

  it('has no such page on a site without it', () => {
    expectConsole('warn', /No routes matched location "\/equifax-finance"/);
    const { container } = renderAt('/equifax-finance');
    expect(container.querySelector('h1')).toBeNull();
  });
});

describe("the finance page after the server's first paint", () => {
  /** The page as the server sent it: its copy of the app in the app's slot, and the data it was rendered from. */
  function paintedByServer(url: string, data: FinanceFirstPaintData) {
    window.history.replaceState(null, '', url);
    document.body.innerHTML = `<div id="app-mf-finance"><div data-first-paint="mf-finance"><p>The server's copy</p></div></div><script id="${FIRST_PAINT_DATA_ID}" type="application/json">${JSON.stringify({ team: 'mf-finance', url, data })}</script>`;
  }

  // Every page rendered before these has taken over (from no first paint): the data would count as spent.
  beforeEach(() => resetFirstPaintForTests());
  afterEach(() => {
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  // No route is served in these tests: a request for what the server already read fails them.
  it('shows the featured cars the server read on its first render, without asking for them again', () => {
    paintedByServer('/finance', {
      featured: [
        {
          id: 'f1',
          slug: '2020-mazda-cx-5',
          name: '2020 Mazda CX-5 Maxx',
          price: 28990,
          km: 41200,
          primary_image_url: null,
        },
      ],
    });
    renderAt('/finance', testTenant({ finance: { getFinanceCta: true } }));
    const featured = within(screen.getByRole('region', { name: 'Used cars you can finance today' }));
    expect(featured.getByRole('link', { name: '2020 Mazda CX-5 Maxx' })).toHaveAttribute(
      'href',
      '/cars/2020-mazda-cx-5',
    );
  });

  it('shows the chosen car the server read on its first render, the form starting at its price, without asking for it again', () => {
    const car: FinancePanelCar = {
      id: 'test-motors-7',
      slug: '2021-toyota-hilux',
      name: '2021 Toyota Hilux SR5',
      price: 52990,
      vin: null,
      nvic: null,
      year: 2021,
      dealership_slug: 'test-motors',
      car_type: 'used',
      primary_image_url: null,
      disclaimer: null,
      make: 'Toyota',
      status: 'available',
      finance_quote_weekly: null,
      lender: null,
    };
    paintedByServer('/personalised/finance?car_id=test-motors-7', { chosen: { id: 'test-motors-7', car } });
    renderAt('/personalised/finance?car_id=test-motors-7');
    expect(screen.getByRole('complementary', { name: 'Your chosen car' })).toHaveTextContent('2021 Toyota Hilux SR5');
    expect(screen.getByRole('textbox', { name: /Purchase price/ })).toHaveValue('52990');
  });

  it("takes the server's copy away in its first commit, once it shows the same page", () => {
    paintedByServer('/finance', { featured: [] });
    renderAt('/finance', testTenant({ finance: { getFinanceCta: true } }));
    expect(document.querySelector('[data-first-paint]')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Get Finance Now');
  });
});
