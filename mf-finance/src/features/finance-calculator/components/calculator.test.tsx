import { renderWithPlatform, testTenant } from '@forecourt/shared-config/testing';
import { advertisedRepayment } from '@forecourt/shared-config/calculator';
import type { FinanceEstimate } from '@forecourt/shared-config/price';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { FinancePanelCar } from '../../finance-page/api/finance-cars';
import Calculator from './calculator';

/** The car as `GET /api/finance/cars/:id` answers it (a component test has no server: the answer is given here). */
const car = (overrides: Partial<FinancePanelCar> = {}): FinancePanelCar => ({
  id: 'car-1',
  slug: '2024-kia-cerato-s-1',
  name: '2024 Kia Cerato S',
  price: 28_990,
  vin: null,
  nvic: null,
  year: 2024,
  dealership_slug: 'test-kia',
  car_type: 'used',
  primary_image_url: null,
  disclaimer: null,
  make: 'Kia',
  status: 'in_stock',
  finance_quote_weekly: null,
  lender: { interestRate: 9.9, comparisonRate: 10.5, paymentWeek: 107, paymentMonth: 468 },
  ...overrides,
});

const realFetch = globalThis.fetch;
function answerCar(answer: FinancePanelCar) {
  // jsdom has no Response: the answer's shape as the calculator reads it (status, ok, json()).
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const found = String(input).startsWith('/api/finance/cars/');
    return { ok: true, status: found ? 200 : 202, json: async () => (found ? { car: answer } : {}) };
  }) as unknown as typeof fetch;
}

/**
 * Renders the calculator and waits until it has decided against showing finance for the car:
 * it draws nothing while the car loads too, so only its answer to the page (no estimate, told
 * once the car is in) says the empty space is the decision and not the wait.
 */
async function renderDecidedAgainst() {
  const told: Array<FinanceEstimate | null> = [];
  const rendered = renderWithPlatform(<Calculator carId="car-1" onEstimate={(estimate) => told.push(estimate)} />);
  await waitFor(() => expect(told).toEqual([null]));
  return rendered;
}
afterEach(() => {
  globalThis.fetch = realFetch;
});

const repaymentShown = () => screen.getByTestId('calculator-repayment').textContent;

describe('the finance calculator', () => {
  it('tells the page (its sticky header) the figure the car’s result card shows: one function, one figure', async () => {
    answerCar(car());
    const told: Array<FinanceEstimate | null> = [];
    renderWithPlatform(<Calculator carId="car-1" onEstimate={(estimate) => told.push(estimate)} />);
    await waitFor(() => expect(told.at(-1)).toEqual({ weekly: 119, interest: 8.5 }));
    expect(advertisedRepayment(testTenant().finance, 28_990)).toMatchObject({ weekly: 119, interest: 8.5 });
  });

  it('starts at the car price over 6 years at 8.5%: $119 a week for $28,990', async () => {
    answerCar(car());
    renderWithPlatform(<Calculator carId="car-1" />);
    await screen.findByRole('heading', { name: 'Finance calculator' });
    expect(repaymentShown()).toBe('$119');
  });

  it('changes the repayment when the term slider is moved by keyboard', async () => {
    answerCar(car());
    renderWithPlatform(<Calculator carId="car-1" />);
    const term = await screen.findByRole('slider', { name: 'Loan term' });
    const before = repaymentShown();
    term.focus();
    fireEvent.keyDown(term, { key: 'ArrowLeft' });
    expect(screen.getByText('Loan term: 5.5 years')).toBeInTheDocument();
    expect(repaymentShown()).not.toBe(before);
  });

  it("says 'Cannot be less than $1,000 or more than $250,000' for a price of 300000, then clamps it", async () => {
    answerCar(car());
    renderWithPlatform(<Calculator carId="car-1" />);
    const price = await screen.findByRole('textbox', { name: 'Purchase price' });
    fireEvent.change(price, { target: { value: '300000' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot be less than $1,000 or more than $250,000');
    fireEvent.blur(price);
    expect(price).toHaveValue('250000');
  });

  it('shows the deposit and residual behind Show More, and hides them again with Show Less', async () => {
    answerCar(car());
    renderWithPlatform(<Calculator carId="car-1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Show More' }));
    expect(screen.getByRole('textbox', { name: 'Deposit or trade-in' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(screen.queryByRole('textbox', { name: 'Deposit or trade-in' })).toBeNull();
  });

  it("reads 'Enquire for Finance' when the repayment is $25 a week or less", async () => {
    answerCar(car({ price: 5_000 }));
    renderWithPlatform(<Calculator carId="car-1" />);
    expect(await screen.findByText('Enquire for Finance')).toBeInTheDocument();
  });

  it('rounds up on the site that says so: $119 for $28,900 (118.32 a week)', async () => {
    answerCar(car({ price: 28_900 }));
    renderWithPlatform(<Calculator carId="car-1" />, {
      tenant: testTenant({ finance: { calculator: { roundUp: true } } }),
    });
    await screen.findByRole('heading', { name: 'Finance calculator' });
    expect(repaymentShown()).toBe('$119');
  });

  it('locks the interest rate on the site that says so', async () => {
    answerCar(car());
    renderWithPlatform(<Calculator carId="car-1" />, {
      tenant: testTenant({ finance: { calculator: { interestLocked: true } } }),
    });
    expect(await screen.findByRole('textbox', { name: 'Interest rate' })).toBeDisabled();
  });

  it('shows nothing for a car the provider does not finance (no weekly payment for Angle)', async () => {
    answerCar(car({ lender: null }));
    const { container } = await renderDecidedAgainst();
    expect(container).toBeEmptyDOMElement();
  });

  it('shows nothing for a Suzuki', async () => {
    answerCar(car({ make: 'Suzuki' }));
    const { container } = await renderDecidedAgainst();
    expect(container).toBeEmptyDOMElement();
  });

  it('shows nothing on a flagged dealer (finance.hidden), for a car it would otherwise finance', async () => {
    answerCar(car());
    const told: Array<FinanceEstimate | null> = [];
    const { container } = renderWithPlatform(
      <Calculator carId="car-1" onEstimate={(estimate) => told.push(estimate)} />,
      { tenant: testTenant({ finance: { hidden: true } }) },
    );
    await waitFor(() => expect(told).toEqual([null]));
    expect(container).toBeEmptyDOMElement();
  });

  it('tells the page the weekly estimate it shows, and the new one when the term changes', async () => {
    answerCar(car());
    const told: Array<FinanceEstimate | null> = [];
    renderWithPlatform(<Calculator carId="car-1" onEstimate={(estimate) => told.push(estimate)} />);
    const term = await screen.findByRole('slider', { name: 'Loan term' });
    expect(told.at(-1)).toEqual({ weekly: 119, interest: 8.5 });
    term.focus();
    fireEvent.keyDown(term, { key: 'ArrowLeft' });
    expect(told.at(-1)?.weekly).toBe(Number(repaymentShown()?.replace('$', '')));
    expect(told.at(-1)?.weekly).not.toBe(119);
  });

  it('tells the page there is no estimate for a car it shows no finance for', async () => {
    answerCar(car({ make: 'Suzuki' }));
    const told: Array<FinanceEstimate | null> = [];
    renderWithPlatform(<Calculator carId="car-1" onEstimate={(estimate) => told.push(estimate)} />);
    await waitFor(() => expect(told).toEqual([null]));
  });

  it('limits the interest to 7.5% to 14.5% on a site whose provider is the lender-specific one (Taurus)', async () => {
    answerCar(car());
    renderWithPlatform(<Calculator carId="car-1" />, { tenant: testTenant({ finance: { provider: 'Taurus' } }) });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Interest rate' }), { target: { value: '15' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot be less than 7.5% or more than 14.5%');
  });

  it('limits the interest to 5.99% to 15.99% on a site that says so', async () => {
    answerCar(car());
    renderWithPlatform(<Calculator carId="car-1" />, {
      tenant: testTenant({ finance: { calculator: { interestMin: 5.99, interestMax: 15.99 } } }),
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Interest rate' }), { target: { value: '5' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot be less than 5.99% or more than 15.99%');
  });

  it("shows the Taurus lender's establishment fee of $1,360.50 on a site that sets none", async () => {
    answerCar(car());
    renderWithPlatform(<Calculator carId="car-1" />, { tenant: testTenant({ finance: { provider: 'Taurus' } }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Show More' }));
    expect(screen.getByText('Establishment fee').nextElementSibling).toHaveTextContent('$1,360.50');
  });

  it("shows the site's own establishment fee of $1,300 over its provider's", async () => {
    answerCar(car());
    renderWithPlatform(<Calculator carId="car-1" />, {
      tenant: testTenant({ finance: { provider: 'Taurus', fees: { establishment: 1300 } } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Show More' }));
    expect(screen.getByText('Establishment fee').nextElementSibling).toHaveTextContent('$1,300');
  });

  it("shows the product's representative example under its own figures, not a lender record's rates", async () => {
    answerCar(car({ disclaimer: 'Based on 8.38% p.a. (comparison rate 9.15% p.a.).' }));
    renderWithPlatform(<Calculator carId="car-1" />);
    expect(await screen.findByText(/Representative example: a 5-year term/)).toBeInTheDocument();
    expect(screen.queryByText(/8\.38% p\.a\. \(comparison rate 9\.15%/)).toBeNull();
  });
});
