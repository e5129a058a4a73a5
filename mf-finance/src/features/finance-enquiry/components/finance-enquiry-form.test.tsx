import { renderWithPlatform, serveRoutes, testTenant } from '@forecourt/shared-config/testing';
import { act, screen } from '@testing-library/react';
import type { FinanceEnquiryCar } from '../api/enquiry';
import { readFinanceQuery } from '../lib/finance-query';
import { QUOTE_DEBOUNCE_MS } from '../lib/finance-schema';
import { FinanceEnquiryForm } from './finance-enquiry-form';

const car = (overrides: Partial<FinanceEnquiryCar> = {}): FinanceEnquiryCar => ({
  id: 'test-motors-7',
  slug: '2021-toyota-hilux-sr5',
  name: '2021 Toyota Hilux SR5',
  price: 52_990,
  vin: 'MR0FA3CD100123456',
  nvic: null,
  year: 2021,
  dealership_slug: 'test-motors',
  car_type: 'used',
  finance_quote_weekly: null,
  ...overrides,
});

/** The quote requests that reached the test server's partner route in this test (it answers $210 a week). */
let asked: unknown[] = [];
function partnerQuotes() {
  asked = [];
  serveRoutes({
    'POST /api/youx/quote': (request) => {
      asked.push(request.body);
      return { body: { weeklyRepaymentAmount: 210, advertisedRate: 8.99, comparisonRate: 9.45 } };
    },
  });
}

/** Renders the form for a car on a site with the partner, past the quote's 500 ms wait and the answer. */
async function renderPastTheWait(chosen: FinanceEnquiryCar, financeShown = true) {
  renderWithPlatform(
    <FinanceEnquiryForm
      query={readFinanceQuery(new URLSearchParams())}
      car={chosen}
      variant="page"
      financeShown={financeShown}
    />,
    { tenant: testTenant({ finance: { instantQuote: true } }) },
  );
  await act(async () => {
    jest.advanceTimersByTime(QUOTE_DEBOUNCE_MS + 100);
  });
  // The answer's promise and the render it causes.
  await act(async () => undefined);
}

beforeEach(() => {
  jest.useFakeTimers();
  partnerQuotes();
});
afterEach(() => {
  jest.useRealTimers();
});

describe("the instant quote (spec: 'requested only when the car has no quote and its price is above 0')", () => {
  it('asks the partner for a car without a quote, and shows its $210 a week', async () => {
    await renderPastTheWait(car());
    expect(screen.getByText('Weekly repayment').closest('dl')).toHaveTextContent('$210');
    expect(asked).toEqual([expect.objectContaining({ purchasePrice: 52_990, vin: 'MR0FA3CD100123456' })]);
  });

  it('shows the $140 a week quote a car already has, and asks the partner nothing', async () => {
    await renderPastTheWait(car({ finance_quote_weekly: 140 }));
    expect(screen.getByText(/The lender’s quote for this car:/)).toHaveTextContent(
      'The lender’s quote for this car: $140 per week, on the lender’s own term and rate (the calculator’s estimate uses the site’s).',
    );
    expect(asked).toEqual([]);
  });

  it('asks the partner nothing for a car with a price of 0', async () => {
    await renderPastTheWait(car({ price: 0 }));
    expect(screen.getByText('This car has no price yet: ask us for a finance quote.')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it("names the partner's figure as the partner's, on the shopper's price, term and credit score", async () => {
    await renderPastTheWait(car());
    expect(
      screen.getByText('Our finance partner’s instant quote, on the price, term and credit score above:'),
    ).toBeInTheDocument();
  });

  it("shows no weekly figure, not even the lender's quote, for a car the site shows no finance for", async () => {
    await renderPastTheWait(car({ finance_quote_weekly: 140 }), false);
    expect(screen.queryByText(/\$140|per week|Weekly repayment/)).toBeNull();
    expect(asked).toEqual([]);
  });
});
