import { tierPrice } from './delivery-quote';

const TIERS = [
  { upToKm: 50, price: 0 },
  { upToKm: 300, price: 390 },
  { upToKm: 1000, price: 990 },
];

describe('delivery tiers', () => {
  it('charges the first tier that reaches the distance, its limit included', () => {
    expect([tierPrice(12, TIERS), tierPrice(50, TIERS), tierPrice(50.1, TIERS), tierPrice(1000, TIERS)]).toEqual([
      0, 0, 390, 990,
    ]);
  });

  it('gives no estimate past the last tier', () => {
    expect(tierPrice(1000.5, TIERS)).toBeNull();
  });

  it('reads tiers in distance order whatever order the site wrote them in', () => {
    expect(tierPrice(200, [...TIERS].reverse())).toBe(390);
  });
});
