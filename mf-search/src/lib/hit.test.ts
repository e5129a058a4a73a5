import { testTenant } from '@forecourt/shared-config/testing';
import { cardRepayment } from './hit';
import { carHit } from './test-hit';

/** Harbourside's finance: Angle, 8.5 % over 6 years at the calculator's start. */
const tenant = testTenant({ finance: { provider: 'Angle' } });

describe('the weekly figure a card shows', () => {
  it('is the calculator’s start on the price when the offer is $10 or less ($24,990 over 6 years at 8.5%: $102)', () => {
    expect(cardRepayment(carHit({ price: 24_990, offer_price: 5 }), tenant)).toBe(102);
  });

  it('is the calculator’s start on the offer when the offer is a real price below the price ($23,500: $96)', () => {
    expect(cardRepayment(carHit({ price: 24_990, offer_price: 23_500 }), tenant)).toBe(96);
  });
});
