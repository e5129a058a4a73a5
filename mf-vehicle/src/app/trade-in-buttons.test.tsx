import { renderWithPlatform, serveRoutes, testTenant } from '@forecourt/shared-config/testing';
import { screen } from '@testing-library/react';
import { testCar } from '../testing/test-car';
import { VehicleDetails } from '../features/vehicle-page/components/vehicle-page';

// Spec §5: 'Action buttons hidden when: trade-in not enabled'. The page's calls as it opens get
// no answer: these tests are about the buttons it shows from the car it was given.
beforeEach(() =>
  serveRoutes({
    'GET /api/vehicle/cars/:slug': 'unanswered',
    'GET /api/vehicle/cars/:slug/reservation': 'unanswered',
    'GET /api/cars/:slug/autogauge': 'unanswered',
    'POST /api/cars/:slug/views': 'unanswered',
    'POST /api/events': 'unanswered',
  }),
);

const HILUX = testCar();
const renderDetails = (tenant = testTenant()) =>
  renderWithPlatform(<VehicleDetails slug={HILUX.slug} car={HILUX} failed={false} />, {
    route: `/cars/${HILUX.slug}`,
    tenant,
  });

describe("the vehicle page's Trade-In Valuation button", () => {
  it('leads to the trade-in valuation for this car where the site values trade-ins online', () => {
    renderDetails();
    expect(screen.getByRole('link', { name: 'Trade-In Valuation' })).toHaveAttribute(
      'href',
      `/cars/trade-in?car_id=${HILUX.id}`,
    );
  });

  it('is not on the page of a site whose online trade-in valuation is off (leads.tradeIn)', () => {
    renderDetails(testTenant({ leads: { tradeIn: false } }));
    expect(screen.getByRole('link', { name: 'Enquire Now' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Trade-In Valuation' })).not.toBeInTheDocument();
  });
});
