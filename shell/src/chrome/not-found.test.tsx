import { renderWithPlatform, testTenant } from '@forecourt/shared-config/testing';
import { screen } from '@testing-library/react';
import { NotFound } from './not-found';

describe('the not-found page', () => {
  it("says a missing page's car may have sold on a car site", () => {
    renderWithPlatform(<NotFound />);
    expect(
      screen.getByText(
        "We couldn't find that page on Test Motors's site. It may have moved, or the car may have sold.",
      ),
    ).toBeInTheDocument();
  });

  it('names the caravan, not a car, on a caravan site', () => {
    renderWithPlatform(<NotFound />, { tenant: testTenant({ search: { itemNoun: 'caravan' } }) });
    expect(
      screen.getByText(
        "We couldn't find that page on Test Motors's site. It may have moved, or the caravan may have sold.",
      ),
    ).toBeInTheDocument();
  });
});
