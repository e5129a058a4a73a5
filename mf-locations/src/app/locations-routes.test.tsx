import { renderWithPlatform, serveRoutes, testRouteHeadings, testTenant } from '@forecourt/shared-config/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import routes from '../../routes.json';
import { answerApi, restoreFetch } from '../testing/fake-api';
import { testLocation } from '../lib/test-location';
import { LocationsRoutes } from './locations-app';

function renderAt(route: string, tenant = testTenant()) {
  return renderWithPlatform(<LocationsRoutes />, { route, tenant });
}

afterEach(restoreFetch);

describe('locations routes', () => {
  // The pages ask for the site's locations as they open; their headings come from the address
  // first, which is what these tests check, so here no answer comes.
  beforeEach(() => serveRoutes({ 'GET /api/locations/locations': 'unanswered' }));

  testRouteHeadings({
    renderAt,
    headings: [
      ['/our-location/test-motors-parramatta', 'Test Motors Parramatta'],
      ['/locations/test-motors-parramatta', 'Test Motors Parramatta'],
      ['/dealer-locator', 'Our locations'],
    ],
    routes,
  });
});

const eagleFarm = testLocation({ primary: true, dealer_license_number: 'MD12345' });
const parramatta = testLocation({
  id: 'test-d1-l2',
  slug: 'test-motors-parramatta',
  name: 'Test Motors Parramatta',
  address: { ...eagleFarm.address, street: '45 Church Street', city: 'Parramatta', state: 'NSW', postcode: '2150' },
  time_zone: 'Australia/Sydney',
});

describe('a location page', () => {
  it('names the location and shows its address as a directions link', async () => {
    answerApi({ locations: [eagleFarm, parramatta] });
    renderAt('/our-location/test-motors-parramatta');
    expect(await screen.findByRole('link', { name: '45 Church Street, Parramatta NSW 2150' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=45%20Church%20Street%2C%20Parramatta%20NSW%202150',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Test Motors Parramatta' })).toBeInTheDocument();
  });

  it('shows the static map where the site has no tile source', async () => {
    answerApi({ locations: [eagleFarm] });
    renderAt('/our-location/test-motors-eagle-farm');
    expect(await screen.findByRole('img', { name: 'Map of Test Motors Eagle Farm' })).toBeInTheDocument();
  });

  it('lists the week with Monday to Friday grouped', async () => {
    answerApi({ locations: [eagleFarm] });
    renderAt('/our-location/test-motors-eagle-farm');
    const table = await screen.findByRole('table', { name: 'Sales hours, Test Motors Eagle Farm' });
    expect(within(table).getByRole('rowheader', { name: 'Monday - Friday' }).nextElementSibling).toHaveTextContent(
      '8:30am - 5:30pm',
    );
  });

  it('offers the other locations in the Our Locations carousel', async () => {
    answerApi({ locations: [eagleFarm, parramatta] });
    renderAt('/our-location/test-motors-eagle-farm');
    const carousel = await screen.findByRole('region', { name: 'Our Locations' });
    expect(within(carousel).getByRole('link', { name: 'View location: Test Motors Parramatta' })).toHaveAttribute(
      'href',
      '/our-location/test-motors-parramatta',
    );
  });

  it("shows a dealership's locations under its slug", async () => {
    answerApi({ locations: [eagleFarm, parramatta] });
    renderAt('/locations/test-motors');
    expect(await screen.findByText('2 locations in Brisbane, Parramatta')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Test Motors' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Test Motors Eagle Farm',
      'Test Motors Parramatta',
    ]);
  });

  it('says a location is not on the site for a slug it does not show', async () => {
    answerApi({ locations: [eagleFarm] });
    renderAt('/our-location/somewhere-else');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This location is not on our site' }),
    ).toBeInTheDocument();
  });

  it('links a sales location to its contact page when the site takes enquiries', async () => {
    answerApi({ locations: [eagleFarm] });
    renderAt('/our-location/test-motors-eagle-farm');
    expect(await screen.findByRole('link', { name: 'Contact Test Motors Eagle Farm' })).toHaveAttribute(
      'href',
      '/contact-us/test-motors-eagle-farm',
    );
  });

  it('leaves out the contact link when the site takes no enquiries', async () => {
    answerApi({ locations: [eagleFarm] });
    renderAt('/our-location/test-motors-eagle-farm', testTenant({ features: { 'mf-leads': false } }));
    await screen.findByRole('link', { name: 'Get directions to Test Motors Eagle Farm' });
    expect(screen.queryByRole('link', { name: 'Contact Test Motors Eagle Farm' })).not.toBeInTheDocument();
  });

  it('shows the dealer licence the server sent (the site consents)', async () => {
    answerApi({ locations: [eagleFarm] });
    renderAt('/our-location/test-motors-eagle-farm');
    expect(await screen.findByText('Dealer licence (DL) MD12345')).toBeInTheDocument();
  });

  it('opens the holiday hours in a dialog and closes it with Escape', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Brisbane' }).format(new Date());
    answerApi({
      locations: [
        testLocation({
          special_hours: [{ date: today, status: 'By appointment only', start_hour: null, end_hour: null }],
        }),
      ],
    });
    renderAt('/our-location/test-motors-eagle-farm');
    fireEvent.click(await screen.findByRole('button', { name: 'Holiday hours' }));
    const dialog = screen.getByRole('dialog', { name: 'Holiday hours · Test Motors Eagle Farm' });
    expect(within(dialog).getByRole('row', { name: 'Today By appointment only' })).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the dealer locator', () => {
  it('finds the nearest location only on a site with several, and checks the postcode first', async () => {
    answerApi({ locations: [eagleFarm, parramatta] });
    renderAt('/dealer-locator');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Your postcode' }), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find nearest' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid postcode. Please enter a 4-digit number.');
  });

  it('has no nearest-location search with one location', async () => {
    answerApi({ locations: [eagleFarm] });
    renderAt('/dealer-locator');
    await screen.findByRole('link', { name: 'Get directions to Test Motors Eagle Farm' });
    expect(screen.queryByRole('textbox', { name: 'Your postcode' })).not.toBeInTheDocument();
  });
});
