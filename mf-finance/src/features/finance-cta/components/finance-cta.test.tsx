import { renderWithPlatform } from '@forecourt/shared-config/testing';
import { screen } from '@testing-library/react';
import FinanceCta from './finance-cta';

describe('FinanceCta', () => {
  it('shows its heading inside the finance boundary', () => {
    renderWithPlatform(<FinanceCta />);
    expect(screen.getByRole('region', { name: 'Get a finance estimate' })).toHaveAttribute(
      'data-boundary',
      'mf-finance',
    );
  });

  it('links to the finance page without a car', () => {
    renderWithPlatform(<FinanceCta />);
    expect(screen.getByRole('link', { name: 'Estimate my repayments' })).toHaveAttribute('href', '/finance');
  });

  it('links to personalised finance for a car', () => {
    renderWithPlatform(<FinanceCta carId="test-motors-7" />);
    expect(screen.getByRole('link', { name: 'Estimate my repayments' })).toHaveAttribute(
      'href',
      '/personalised/finance?car_id=test-motors-7',
    );
  });

  it('names the tenant', () => {
    renderWithPlatform(<FinanceCta />);
    expect(
      screen.getByText('See what your repayments could be on your next car with Test Motors.'),
    ).toBeInTheDocument();
  });
});
