import { FORM_ERROR } from '@forecourt/shared-config/form';
import { refusalErrors } from './reservation-errors';

describe('refusalErrors', () => {
  it('puts a refused field’s message under that field, without repeating its name', () => {
    expect(
      refusalErrors({ code: 400, message: 'email: Please enter a valid email address.', field: 'email' }, true),
    ).toEqual({ email: 'Please enter a valid email address.' });
  });

  it('puts a refused card token on the card number', () => {
    expect(
      refusalErrors(
        { code: 400, message: 'payment.token: must be a card token from the payment fields', field: 'payment.token' },
        true,
      ),
    ).toEqual({ card_number: 'must be a card token from the payment fields' });
  });

  it('shows a card the API asks for in the alert when the form has no card fields', () => {
    expect(
      refusalErrors(
        { code: 400, message: 'payment: card details are needed for the $200 deposit', field: 'payment' },
        false,
      ),
    ).toEqual({ [FORM_ERROR]: 'payment: card details are needed for the $200 deposit' });
  });

  it('shows a refusal about no field in the alert', () => {
    expect(
      refusalErrors({ code: 503, message: 'We could not reach our payment provider.', field: null }, true),
    ).toEqual({ [FORM_ERROR]: 'We could not reach our payment provider.' });
  });
});
