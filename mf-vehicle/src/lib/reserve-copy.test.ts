import { depositText, reserveButtonText, reserveCopy } from './reserve-copy';

// The used-car promise is asserted where shoppers read it: features/details/components/info-tabs.test.tsx.

describe("reserve copy (spec: '$200' default, hidden if $0, 48-hour hold, 100% refundable)", () => {
  it('names the deposit and the 48-hour hold', () => {
    expect(reserveCopy(200, 'car')).toBe(
      'Pay a $200 deposit and we hold this car for you for 48 hours. The deposit is 100% refundable.',
    );
  });

  it('hides the amount of a $0 deposit, in the copy and on the button', () => {
    expect([depositText(0), reserveButtonText(0), reserveCopy(0, 'car').includes('$')]).toEqual([
      null,
      'Reserve Car Now',
      false,
    ]);
  });
});

describe('the reserve button names the kind of item it reserves', () => {
  it.each([
    ['car', 'Reserve Car Now for $200'],
    ['caravan', 'Reserve Caravan Now for $200'],
    ['motorcycle', 'Reserve Motorcycle Now for $200'],
    ['truck', 'Reserve Truck Now for $200'],
  ])('for a %s: %s', (itemType, text) => {
    expect(reserveButtonText(200, itemType)).toBe(text);
  });
});
