import { renderWithPlatform, serveRoutes, testRouteHeadings, testTenant } from '@forecourt/shared-config/testing';
import type { Session } from '@forecourt/shared-config';
import { fireEvent, screen, within } from '@testing-library/react';
import routes from '../../routes.json';
import { LeadsRoutes } from './leads-app';

// A lead form asks for its location choices as it opens. These tests are about the pages around
// the forms, which do not wait for that answer, so here none arrives.
beforeEach(() => serveRoutes({ 'GET /api/leads/form': 'unanswered' }));

function renderAt(route: string, tenant = testTenant(), session?: Session) {
  return renderWithPlatform(<LeadsRoutes />, { route, tenant, session });
}

describe('leads routes', () => {
  testRouteHeadings({
    renderAt,
    headings: [
      ['/book-test-drive/', 'Book a test drive'],
      ['/trade-in', 'Trade-in valuation'],
      ['/cars/trade-in?car_id=test-motors-7', 'Trade-in valuation'],
      ['/sell-my-car', 'Sell your car'],
      ['/sell-your-car', 'Sell your car'],
      ['/contact', 'Contact us'],
      ['/contact-us', 'Contact us'],
      ['/contact-us/test-motors-parramatta', 'Contact us'],
      ['/careers', 'Careers'],
      ['/service', 'Book a service'],
      ['/success', 'Thank you'],
      ['/sign-in', 'Sign in'],
    ],
    routes,
  });
});

describe('lead pages', () => {
  it('name the dealer', () => {
    renderAt('/service');
    expect(screen.getByRole('heading', { level: 2, name: 'Test Motors' })).toBeInTheDocument();
  });

  it('offer the dealer phone as a call link', () => {
    renderAt('/contact');
    expect(screen.getByRole('link', { name: 'Call Test Motors on 02 9000 0000' })).toHaveAttribute(
      'href',
      'tel:0290000000',
    );
  });

  it('show the car a trade-in is about', () => {
    renderAt('/cars/trade-in?car_id=test-motors-7');
    expect(screen.getByText('Car reference: test-motors-7')).toBeInTheDocument();
  });

  it('answer why a car gets no online estimate in the trade-in FAQ, with the spec limits', () => {
    renderAt('/trade-in');
    fireEvent.click(screen.getByText('Why did I not get an online offer?'));
    expect(
      screen.getByText(
        /^Online estimates are generally not given for cars over 7 years old or with more than 100,000 km\./,
      ),
    ).toBeVisible();
  });

  it('take an in-person valuation enquiry on /trade-in, with no online valuation, where the site takes no trade-in online (leads.tradeIn off)', () => {
    renderAt('/trade-in', testTenant({ leads: { tradeIn: false } }));
    expect(screen.getByRole('form', { name: 'Valuation enquiry' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Test Motors values every car in person, with an inspection at our yard, whether you sell it to us or put it towards your next one. Tell us about yours and we will call you to arrange a time.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.queryByText('How is my online valuation worked out?')).not.toBeInTheDocument();
  });

  it('name no trade-in on /trade-in where the site takes none online', () => {
    renderAt('/trade-in', testTenant({ leads: { tradeIn: false } }));
    expect(document.body).not.toHaveTextContent(/trade[\s-]?in/i);
  });

  it('keep the car a valuation enquiry is about on /cars/trade-in when the online valuation is off', () => {
    renderAt('/cars/trade-in?car_id=test-motors-7', testTenant({ leads: { tradeIn: false } }));
    expect(screen.getByRole('form', { name: 'Valuation enquiry' })).toBeInTheDocument();
    expect(screen.getByText('Car reference: test-motors-7')).toBeInTheDocument();
  });

  it("ask a caravan yard without the online valuation about the shopper's caravan on /sell-my-car", () => {
    renderAt('/sell-my-car', testTenant({ leads: { tradeIn: false }, search: { itemNoun: 'caravan' } }));
    expect(screen.getByRole('heading', { level: 1, name: 'Sell your caravan' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('form', { name: 'Valuation enquiry' })).getByLabelText('Category', { exact: false }),
    ).toHaveValue('General Enquiry');
  });

  it('book an inspection, not a test drive, on /book-test-drive at a caravan yard', () => {
    renderAt('/book-test-drive/', testTenant({ search: { itemNoun: 'caravan' } }));
    expect(screen.getByRole('heading', { level: 1, name: 'Book an inspection' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Book an inspection' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/drive/i);
  });

  it('open the valuation wizard on /trade-in by default', () => {
    renderAt('/trade-in');
    expect(screen.getByRole('form', { name: 'Trade-in valuation' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
  });

  it("hand /service to the manufacturer's service booking on a site whose manufacturer takes its bookings", () => {
    renderAt(
      '/service',
      testTenant({
        leads: {
          manufacturerService: { make: 'Ford', url: 'https://service-booking.ford.example/dealer/test-motors' },
        },
      }),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Book your Ford service online' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book with Ford Service' })).toHaveAttribute(
      'href',
      'https://service-booking.ford.example/dealer/test-motors',
    );
  });

  it("keep the booking request for other makes below the manufacturer's booking", () => {
    renderAt(
      '/service',
      testTenant({
        leads: {
          manufacturerService: { make: 'Ford', url: 'https://service-booking.ford.example/dealer/test-motors' },
        },
      }),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Another make? Request a booking' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Book a service' })).toBeInTheDocument();
  });

  it('take every service booking with the booking request on other sites (no manufacturer booking)', () => {
    renderAt('/service');
    expect(screen.getByRole('form', { name: 'Book a service' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Book with / })).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'Save time and book your service online with Test Motors. Our service team will call to confirm the day and time.',
      ),
    ).toBeInTheDocument();
  });

  it('open the contact form on /contact-us/{location} too', () => {
    renderAt('/contact-us/test-motors-parramatta');
    expect(screen.getByRole('form', { name: 'Enquiry' })).toBeInTheDocument();
  });
});

describe('sign-in page', () => {
  it('explains a watchlist sign-in', () => {
    renderAt('/sign-in?type=watchlist&redirect=%2Fcars%2Fabc&back=%2Fcars%2Fabc');
    expect(screen.getByText('Sign in to save cars to your watchlist.')).toBeInTheDocument();
  });

  it('keeps the code field disabled until a code is sent', () => {
    renderAt('/sign-in?type=watchlist');
    expect(screen.getByLabelText('Verification code')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send Code' })).toBeEnabled();
  });

  it('checks the phone before sending a code', () => {
    renderAt('/sign-in?type=watchlist');
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '02 9999 1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please enter a valid Australian mobile number, e.g. 0412 345 678.',
    );
  });

  it('offers to sign out to a shopper already signed in', () => {
    renderAt('/sign-in?type=watchlist', undefined, { status: 'signed-in', user: { phone: '0412345678' } });
    expect(screen.getByText('You are signed in as 04 1234 5678.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('links back to a local path', () => {
    renderAt('/sign-in?type=watchlist&back=%2Fcars%2Fabc');
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/cars/abc');
  });

  it('offers no link back to another site', () => {
    renderAt('/sign-in?type=watchlist&back=https%3A%2F%2Fevil.example');
    expect(screen.queryByRole('link', { name: 'Go back' })).not.toBeInTheDocument();
  });
});
