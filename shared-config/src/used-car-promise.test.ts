import { parseTenantConfig } from './tenant/schema';
import { returnPromiseConditions, usedCarPromiseSentence } from './used-car-promise';

const site = (usedCarPromise?: 'return' | 'money-back') =>
  parseTenantConfig(
    {
      slug: 'test-motors',
      name: 'Test Motors',
      kind: 'multi-franchise',
      logo: { text: 'TM', alt: 'Test Motors logo' },
      theme: { primary: '#123456', accent: '#abcdef' },
      contact: { phone: '02 9000 0000', city: 'Sydney', state: 'NSW' },
      ...(usedCarPromise ? { vehicle: { usedCarPromise } } : {}),
    },
    'test',
  );

describe('the used-car promise a promo card states', () => {
  it('is the return promise on a site that keeps the default, with no money-back or roadside words', () => {
    const sentence = usedCarPromiseSentence(site().vehicle.usedCarPromise);
    expect(sentence).toBe('Change your mind within 14 days and 500 km, and return it.');
    expect(sentence).not.toMatch(/money back|roadside/i);
  });

  it('is the money-back promise only on a site switched to it', () => {
    expect(usedCarPromiseSentence(site('money-back').vehicle.usedCarPromise)).toBe(
      '48 hour money back guarantee and 12 months roadside assist.',
    );
  });
});

describe('the return promise of the item a site sells', () => {
  it('keeps every condition for a car, a motorcycle and a truck', () => {
    for (const noun of ['car', 'motorcycle', 'truck'])
      expect(returnPromiseConditions(noun)).toContain('Driven no more than 500 km');
    expect(returnPromiseConditions('truck')).toContain('At least a quarter tank of fuel');
  });

  it('asks no km or fuel of a towed caravan, which has neither', () => {
    expect(returnPromiseConditions('caravan')).toEqual([
      'Returned within 14 days of delivery',
      'Free of any encumbrance',
      'All keys and accessories returned',
    ]);
  });

  it("states a caravan yard's promise without km", () => {
    expect(usedCarPromiseSentence('return', 'caravan')).toBe(
      'Change your mind within 14 days of delivery, and return it.',
    );
  });
});
