import { renderWithPlatform, testTenant } from '@forecourt/shared-config/testing';
import { screen, within } from '@testing-library/react';
import { testCar } from '../../../testing/test-car';
import { StickyParts } from './sticky-parts';

// The header shows past 500 px of scrolling; the page is read as scrolled 600 px down.
beforeEach(() => Object.defineProperty(window, 'scrollY', { value: 600, configurable: true }));
afterEach(() => Object.defineProperty(window, 'scrollY', { value: 0, configurable: true }));

const header = (car = testCar(), tenant = testTenant()) => {
  renderWithPlatform(<StickyParts car={car} estimate={null} />, { tenant, route: `/cars/${car.slug}` });
  return within(screen.getByRole('complementary', { name: `${car.name} summary` }));
};

describe('the sticky header', () => {
  it('reads the body type as the product writes it: Automatic · SUV', () => {
    expect(
      header(testCar({ transmission: 'automatic', body: 'suv' })).getByText('Automatic · SUV'),
    ).toBeInTheDocument();
  });

  it("leaves a caravan's 'none' transmission out: Pop top alone", () => {
    expect(
      header(testCar({ item_type: 'caravan', transmission: 'none', body: 'popTop' })).getByText('Pop top'),
    ).toBeInTheDocument();
  });

  it('offers Get Finance for a car the finance rule shows finance for', () => {
    expect(header().getByRole('link', { name: 'Get Finance' })).toBeInTheDocument();
  });

  it('offers no Get Finance for a Suzuki, whose page has no calculator', () => {
    expect(
      header(testCar({ make: 'Suzuki', name: '2021 Suzuki Swift GL' })).queryByRole('link', { name: 'Get Finance' }),
    ).toBeNull();
  });

  it("offers 'Trade-In Valuation' for the car where the site values trade-ins online", () => {
    const car = testCar();
    expect(header(car).getByRole('link', { name: 'Trade-In Valuation' })).toHaveAttribute(
      'href',
      `/cars/trade-in?car_id=${car.id}`,
    );
  });

  it("offers no 'Trade-In Valuation' on a site whose online trade-in valuation is off (spec: hidden when trade-in not enabled)", () => {
    expect(
      header(testCar(), testTenant({ leads: { tradeIn: false } })).queryByRole('link', { name: 'Trade-In Valuation' }),
    ).toBeNull();
  });
});
