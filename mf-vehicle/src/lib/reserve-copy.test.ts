import { depositText, MONEY_BACK_PROMISE, RETURN_PROMISE_CONDITIONS, reserveButtonText, reserveCopy } from './reserve-copy';

describe("reserve copy (spec: '$200' default, hidden if $0, 48-hour hold, 100% refundable)", () => {
  it('names the deposit and the 48-hour hold', () => {
    expect(reserveCopy(200, 'car')).toBe('Pay a $200 deposit and we hold this car for you for 48 hours. The deposit is 100% refundable.');
  });

  it('hides the amount of a $0 deposit, in the copy and on the button', () => {
    expect([depositText(0), reserveButtonText(0), reserveCopy(0, 'car').includes('$')]).toEqual([null, 'Reserve Car Now', false]);
  });
});

describe('the used-car promise (spec: 14 days, 500 km, a quarter tank, no encumbrance, keys)', () => {
  it('lists the five conditions with the spec numbers', () => {
    expect(RETURN_PROMISE_CONDITIONS).toEqual([
      'Returned within 14 days of delivery',
      'Driven no more than 500 km',
      'At least a quarter tank of fuel',
      'Free of any encumbrance',
      'All keys and accessories returned',
    ]);
  });

  it("has the one tenant's variant word for word", () => {
    expect(MONEY_BACK_PROMISE).toBe('48 hour money back guarantee and 12 months roadside assist');
  });
});
