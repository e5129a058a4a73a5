import { renderWithPlatform, testRouteHeadings, testTenant } from '@forecourt/shared-config/testing';
import { screen, within } from '@testing-library/react';
import routes from '../../routes.json';
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

  it('shows the chosen car id', () => {
    renderAt('/personalised/finance?car_id=test-motors-7');
    const panel = within(screen.getByRole('complementary', { name: 'Your chosen car' }));
    expect(panel.getByText('test-motors-7')).toBeInTheDocument();
  });

  it('shows the price a link carried', () => {
    renderAt('/personalised/finance?car_id=test-motors-7&vehiclePriceBudget=25000');
    expect(screen.getByText('$25,000')).toBeInTheDocument();
  });

  it('shows a hostile car id as text', () => {
    renderAt('/personalised/finance?car_id=%3Cimg%20src%3Dx%3E');
    expect(screen.getByText('<img src=x>')).toBeInTheDocument();
  });

  it('offers the tenant phone as a call link', () => {
    renderAt('/finance');
    expect(screen.getByRole('link', { name: '02 9000 0000' })).toHaveAttribute('href', 'tel:0290000000');
  });

  it('uses the tenant item noun', () => {
    renderAt('/finance', testTenant({ search: { itemNoun: 'caravan' } }));
    expect(screen.getByText('Finance your next caravan with Test Motors.')).toBeInTheDocument();
  });
});
