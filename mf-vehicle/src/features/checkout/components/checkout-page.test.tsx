import type { Session } from '@forecourt/shared-config';
import { expectConsole, renderWithPlatform, testTenant } from '@forecourt/shared-config/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { testCar } from '../../../testing/test-car';
import type { VehicleSummary } from '../../../contract';
import { VehicleRoutes } from '../../../app/vehicle-app';

/**
 * The checkout as a shopper uses it, over a fake of the team's API (a component test has no
 * server): the car, its reservation state, the reservation and its cancellation.
 */

const HILUX = testCar();
const CHECKOUT = `/cars/${HILUX.slug}/checkout`;
/** Thursday 26 November 2026, 3:30 pm in Sydney (the test tenant is in NSW). */
const HELD_UNTIL = '2026-11-26T04:30:00.000Z';
const HELD_UNTIL_TEXT = 'Thursday 26 November at 3:30 pm AEDT';
const RESERVATION_ID = '0b9f6a52-8f0e-4c1a-9d8e-2f4b7c1e5a10';

/** An answer of the fake API: a status and body, or no answer at all (the network is down). */
type Answer = { status: number; body?: unknown } | 'network-down';

interface Call {
  method: string;
  url: string;
  body: string | null;
  /** The Idempotency-Key the request carried. */
  key: string | null;
}

// The page loads its form lazily; loading that module once up front keeps the first test's
// wait for the form to the page's own, however busy the machine running the tests.
beforeAll(() => import('./reservation-form'));

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  jest.restoreAllMocks();
});

/** `reserve` may be a list: one answer per reservation attempt, in order. */
function fakeApi(
  answers: { car?: VehicleSummary; reservation?: Answer; reserve?: Answer | Answer[]; cancel?: Answer } = {},
): Call[] {
  const calls: Call[] = [];
  const car = answers.car ?? HILUX;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({
      method,
      url,
      body: typeof init?.body === 'string' ? init.body : null,
      key: (init?.headers as Record<string, string> | undefined)?.['idempotency-key'] ?? null,
    });
    let answer: Answer = { status: 404, body: { error: 'not in this fake' } };
    if (method === 'GET' && url === `/api/vehicle/cars/${car.slug}`) answer = { status: 200, body: { car } };
    else if (method === 'GET' && url.endsWith('/reservation'))
      answer = answers.reservation ?? { status: 200, body: { carId: car.id, reserved: false, heldUntil: null } };
    else if (method === 'POST')
      answer = (Array.isArray(answers.reserve) ? answers.reserve.shift() : answers.reserve) ?? {
        status: 201,
        body: { id: RESERVATION_ID, heldUntil: HELD_UNTIL, deposit: 200, paymentReference: 'auth_1' },
      };
    else if (method === 'DELETE')
      answer = answers.cancel ?? { status: 200, body: { id: RESERVATION_ID, status: 'cancelled' } };
    if (answer === 'network-down') throw new TypeError('Failed to fetch');
    const { status, body } = answer;
    // jsdom has no Response: the answer's shape as the page reads it.
    return { ok: status >= 200 && status < 300, status, json: async () => body };
  }) as unknown as typeof fetch;
  return calls;
}

/** A shopper who has confirmed their mobile (signed in with the one-time code), as a hold needs. */
const SIGNED_IN: Session = { status: 'signed-in', user: { phone: '0412345678' } };

function renderCheckout(options: { tenant?: ReturnType<typeof testTenant>; session?: Session; route?: string } = {}) {
  return renderWithPlatform(<VehicleRoutes />, {
    route: options.route ?? CHECKOUT,
    tenant: options.tenant ?? testTenant(),
    session: options.session ?? SIGNED_IN,
  });
}

const field = (label: string) => screen.getByLabelText(label, { exact: false });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

async function fillShopper() {
  await screen.findByRole('form', { name: 'Reserve the 2021 Toyota Hilux SR5' });
  type('Full name', 'Jo Citizen');
  type('Email address', 'jo@example.com');
  type('Mobile number', '0412 345 678');
  fireEvent.click(
    screen.getByRole('checkbox', { name: 'I agree to the reservation terms above for the 2021 Toyota Hilux SR5.' }),
  );
}

async function fillWithCard(number = '4242 4242 4242 4242') {
  await fillShopper();
  type('Card number', number);
  type('Expiry (MM/YY)', '12/40');
  type('Security code (CVC)', '123');
}

const reserve = (name = 'Reserve for $200') => fireEvent.click(screen.getByRole('button', { name }));

describe('before the form', () => {
  it('asks a signed-out shopper to confirm their mobile first, and leads to the code and back', async () => {
    fakeApi();
    renderCheckout({ session: { status: 'signed-out' } });
    expect(
      await screen.findByText('To hold this car for you we first confirm your mobile number with a one-time code.'),
    ).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Confirm my mobile number' });
    const target = new URL(link.getAttribute('href') ?? '', 'http://site.invalid');
    expect(target.pathname).toBe('/sign-in');
    expect(target.searchParams.get('type')).toBe('checkout');
    expect(target.searchParams.get('redirect')).toBe(CHECKOUT);
    expect(screen.queryByRole('form')).toBeNull();
  });
});

describe('the checkout form', () => {
  it('asks for no card when the site’s deposit is $0', async () => {
    fakeApi();
    renderCheckout({ tenant: testTenant({ vehicle: { reserveDeposit: 0 } }) });
    await screen.findByRole('form', { name: 'Reserve the 2021 Toyota Hilux SR5' });
    expect(screen.queryByLabelText('Card number', { exact: false })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reserve this car' })).toBeInTheDocument();
  });

  it('asks for the card for a $200 deposit when the site configures none', async () => {
    fakeApi();
    renderCheckout();
    expect(await screen.findByRole('group', { name: 'Card for the $200 deposit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reserve for $200' })).toBeInTheDocument();
  });

  it('marks the card fields for the browser’s saved cards and a number keypad', async () => {
    fakeApi();
    renderCheckout();
    await screen.findByRole('group', { name: 'Card for the $200 deposit' });
    expect(field('Card number')).toHaveAttribute('autocomplete', 'cc-number');
    expect(field('Expiry (MM/YY)')).toHaveAttribute('autocomplete', 'cc-exp');
    expect(field('Security code (CVC)')).toHaveAttribute('autocomplete', 'cc-csc');
    for (const label of ['Card number', 'Expiry (MM/YY)', 'Security code (CVC)'])
      expect(field(label)).toHaveAttribute('inputmode', 'numeric');
  });

  it('puts in the signed-in shopper’s mobile', async () => {
    fakeApi();
    renderCheckout({ session: { status: 'signed-in', user: { phone: '0412345678' } } });
    await screen.findByRole('form', { name: 'Reserve the 2021 Toyota Hilux SR5' });
    await waitFor(() => expect(field('Mobile number')).toHaveValue('04 1234 5678'));
  });

  it('sends the card’s token and last four digits, never its number, expiry or code', async () => {
    const calls = fakeApi();
    renderCheckout();
    await fillWithCard();
    reserve();
    await screen.findByRole('heading', { name: 'Your car is reserved' });
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.url).toBe(`/api/vehicle/cars/${HILUX.slug}/reservation`);
    const body = JSON.parse(sent?.body ?? '{}') as { payment?: { token: string; last4: string } };
    expect(body).toEqual({
      name: 'Jo Citizen',
      email: 'jo@example.com',
      phone: '0412 345 678',
      terms: true,
      payment: { token: expect.stringMatching(/^tok_sim_4242_/) as unknown, last4: '4242' },
    });
    expect(sent?.body).not.toMatch(/4242 ?4242 ?4242 ?4242|12\/40|"123"/);
  });

  it('shows a declined card’s message on the card number', async () => {
    fakeApi({ reserve: { status: 402, body: { error: 'Your card was declined.', field: 'payment' } } });
    renderCheckout();
    await fillWithCard('4000 0000 0000 0002');
    reserve();
    await waitFor(() => expect(field('Card number')).toHaveAccessibleDescription('Your card was declined.'));
    expect(field('Card number')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says in a red alert that the car was reserved by someone else meanwhile, and until when', async () => {
    fakeApi({
      reserve: {
        status: 409,
        body: { error: 'Sorry, the 2021 Toyota Hilux SR5 is already reserved.', heldUntil: HELD_UNTIL },
      },
    });
    renderCheckout();
    await fillWithCard();
    reserve();
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        `Sorry, the 2021 Toyota Hilux SR5 is already reserved. It is held until ${HELD_UNTIL_TEXT}.`,
      ),
    );
    expect(screen.getByRole('button', { name: 'Reserve for $200' })).toBeEnabled();
  });

  it('shows the rate limit’s own words when the shopper tried too often', async () => {
    fakeApi({
      reserve: {
        status: 429,
        body: {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many reservation attempts from this address. Please try again in a minute, or call us.',
        },
      },
    });
    renderCheckout();
    await fillWithCard();
    reserve();
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Too many reservation attempts from this address. Please try again in a minute, or call us.',
      ),
    );
  });

  it('says the reservation could not be sent when the network fails', async () => {
    fakeApi({ reserve: 'network-down' });
    expectConsole('error', /^\[mf-vehicle\] the reservation could not be sent TypeError: Failed to fetch/);
    renderCheckout();
    await fillWithCard();
    reserve();
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Your reservation could not be sent. Please check your connection and try again, or call us on 02 9000 0000.',
      ),
    );
  });
});

describe('a retry', () => {
  const posts = (calls: Call[]) => calls.filter((call) => call.method === 'POST');

  it('after a lost answer carries the first attempt’s Idempotency-Key, so the shopper gets their reservation and not “already reserved”', async () => {
    const calls = fakeApi({ reserve: ['network-down'] });
    expectConsole('error', /^\[mf-vehicle\] the reservation could not be sent TypeError: Failed to fetch/);
    renderCheckout();
    await fillWithCard();
    reserve();
    await screen.findByRole('alert');
    reserve();
    await screen.findByRole('status', { name: 'Your car is reserved' });
    const [first, retry] = posts(calls);
    expect(first?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry?.key).toBe(first?.key);
  });

  it('with another card is a new attempt with a key of its own', async () => {
    const calls = fakeApi({ reserve: [{ status: 402, body: { error: 'Your card was declined.', field: 'payment' } }] });
    renderCheckout();
    await fillWithCard('4000 0000 0000 0002');
    reserve();
    await screen.findByText('Your card was declined.');
    type('Card number', '4242 4242 4242 4242');
    reserve();
    await screen.findByRole('status', { name: 'Your car is reserved' });
    const [declined, next] = posts(calls);
    expect(next?.key).not.toBe(declined?.key);
  });
});

describe('the confirmation', () => {
  it('shows the reservation number, the hold’s end on the dealer’s clock and the deposit held', async () => {
    fakeApi();
    renderCheckout();
    await fillWithCard();
    reserve();
    const confirmation = within(await screen.findByRole('status', { name: 'Your car is reserved' }));
    expect(confirmation.getByRole('heading', { name: 'Your car is reserved' })).toHaveFocus();
    expect(confirmation.getByText(RESERVATION_ID)).toBeInTheDocument();
    expect(confirmation.getByText(HELD_UNTIL_TEXT)).toHaveAttribute('datetime', HELD_UNTIL);
    expect(confirmation.getByText('$200, 100% refundable')).toBeInTheDocument();
  });

  it('names no deposit for a $0 reservation', async () => {
    fakeApi({
      reserve: { status: 201, body: { id: RESERVATION_ID, heldUntil: HELD_UNTIL, deposit: 0, paymentReference: null } },
    });
    renderCheckout({ tenant: testTenant({ vehicle: { reserveDeposit: 0 } }) });
    await fillShopper();
    reserve('Reserve this car');
    const confirmation = within(await screen.findByRole('status', { name: 'Your car is reserved' }));
    expect(confirmation.queryByText('Deposit held')).not.toBeInTheDocument();
  });

  it('cancels the reservation and says so', async () => {
    const calls = fakeApi();
    renderCheckout();
    await fillWithCard();
    reserve();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel reservation' }));
    expect(await screen.findByRole('heading', { name: 'Your reservation is cancelled' })).toHaveFocus();
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe(`/api/vehicle/reservations/${RESERVATION_ID}`);
  });
});

describe('before the form', () => {
  it('says the car is already reserved, until when, and offers no form', async () => {
    fakeApi({ reservation: { status: 200, body: { carId: HILUX.id, reserved: true, heldUntil: HELD_UNTIL } } });
    renderCheckout();
    expect(
      await screen.findByText(
        `Sorry, the 2021 Toyota Hilux SR5 is already reserved. It is held until ${HELD_UNTIL_TEXT}.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('tells the shopper a sold car can no longer be reserved', async () => {
    fakeApi({ car: testCar({ status: 'sold' }) });
    renderCheckout();
    expect(
      await screen.findByText('Sorry, the 2021 Toyota Hilux SR5 has been sold, so it can no longer be reserved.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('gives the phone on a site that does not take reservations online', async () => {
    const calls = fakeApi();
    renderCheckout({ tenant: testTenant({ vehicle: { onlineCheckout: false } }) });
    await screen.findByRole('link', { name: '2021 Toyota Hilux SR5' });
    expect(
      screen.getByText('Test Motors does not take reservations online. To reserve this car, call us on', {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '02 9000 0000' })).toHaveAttribute('href', 'tel:0290000000');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/reservation'))).toBe(false);
  });

  it('says so, and offers to try again, when the reservation cannot be checked', async () => {
    fakeApi({ reservation: { status: 500, body: { error: 'boom' } } });
    expectConsole(
      'error',
      '[mf-vehicle] /api/vehicle/cars/2021-toyota-hilux-sr5-ha010001/reservation could not be read',
    );
    renderCheckout();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not check whether this car is still available. Please try again in a moment, or call us on 02 9000 0000.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
