import { reservationTerms, reserveDeposit } from './reservation';

describe('reserveDeposit', () => {
  it('defaults to $200 when none is configured', () => {
    expect(reserveDeposit()).toBe(200);
  });

  it('uses a configured deposit', () => {
    expect(reserveDeposit(500)).toBe(500);
  });

  it('keeps a configured zero', () => {
    expect(reserveDeposit(0)).toBe(0);
  });

  it('falls back to the default for a negative deposit', () => {
    expect(reserveDeposit(-1)).toBe(200);
  });
});

describe('reservationTerms', () => {
  it('states the deposit, the 48-hour hold and the refund', () => {
    expect(reservationTerms(200, 'car')).toEqual([
      'Pay a $200 deposit to reserve this car.',
      'We hold the car for you for 48 hours.',
      'Your deposit is 100% refundable.',
    ]);
  });

  it('hides the amount when the deposit is $0', () => {
    expect(reservationTerms(0, 'caravan')).toEqual(['We hold the caravan for you for 48 hours.']);
  });
});
