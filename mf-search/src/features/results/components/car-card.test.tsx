import { renderWithPlatform, testTenant } from '@forecourt/shared-config/testing';
import { screen, within } from '@testing-library/react';
import { carHit } from '../../../lib/test-hit';
import { CarCard } from './car-card';

const card = (hit = carHit(), tenant = testTenant({ finance: { provider: 'Angle' } })) => {
  renderWithPlatform(<CarCard hit={hit} nowSeconds={1_790_000_000} />, { tenant });
  return within(screen.getByRole('article', { name: hit.name }));
};

describe('the result card’s weekly finance (one rule with the car’s page)', () => {
  it('shows $120/wk for a car whose page shows the calculator', () => {
    expect(card().getByText('$120/wk')).toBeInTheDocument();
  });

  it('shows no weekly figure for a Suzuki, whose page has no calculator', () => {
    expect(card(carHit({ make: 'Suzuki', name: '2021 Suzuki Swift GL' })).queryByText(/\/wk|Enquire for Finance/)).toBeNull();
  });

  it("shows no weekly figure for a car without the site's lender record", () => {
    expect(card(carHit({ finance_lender: null })).queryByText(/\/wk|Enquire for Finance/)).toBeNull();
  });

  it('shows no weekly figure on a site with finance switched off', () => {
    expect(card(carHit(), testTenant({ features: { 'mf-finance': false } })).queryByText(/\/wk|Enquire for Finance/)).toBeNull();
  });
});
