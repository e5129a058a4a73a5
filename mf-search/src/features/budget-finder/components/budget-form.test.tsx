import { renderWithPlatform } from '@forecourt/shared-config/testing';
import { fireEvent, screen } from '@testing-library/react';
import { BudgetForm } from './budget-form';

it('turns a repayment that is not a number into 0 when the shopper leaves the field, and counts it as 0', () => {
  renderWithPlatform(
    <BudgetForm
      prices={{ min: 5_000, max: 80_000 }}
      action={{ kind: 'link', href: (max) => `/search/used-cars?price_max=${max}` }}
    />,
  );
  const repayment = screen.getByLabelText('Monthly repayment');
  fireEvent.change(repayment, { target: { value: 'abc' } });
  fireEvent.blur(repayment);
  expect(repayment).toHaveValue('0');
  // Deposit alone: the default $2,000.
  expect(screen.getByText('$2,000')).toBeInTheDocument();
});
