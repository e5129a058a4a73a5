import { haversineKm, tierPrice } from './delivery-quote';

const TIERS = [
  { upToKm: 50, price: 0 },
  { upToKm: 300, price: 390 },
  { upToKm: 1000, price: 990 },
];

describe('distances (spec: Earth radius 6371 km)', () => {
  it('measures Sydney to Melbourne as about 714 km', () => {
    expect(haversineKm({ lat: -33.8688, lng: 151.2093 }, { lat: -37.8136, lng: 144.9631 })).toBeCloseTo(713.4, 0);
  });

  it('is 0 from a place to itself', () => {
    expect(haversineKm({ lat: -27.47, lng: 153.03 }, { lat: -27.47, lng: 153.03 })).toBe(0);
  });
});

describe('delivery tiers', () => {
  it('charges the first tier that reaches the distance, its limit included', () => {
    expect([tierPrice(12, TIERS), tierPrice(50, TIERS), tierPrice(50.1, TIERS), tierPrice(1000, TIERS)]).toEqual([0, 0, 390, 990]);
  });

  it('gives no estimate past the last tier', () => {
    expect(tierPrice(1000.5, TIERS)).toBeNull();
  });

  it('reads tiers in distance order whatever order the site wrote them in', () => {
    expect(tierPrice(200, [...TIERS].reverse())).toBe(390);
  });
});
