import { haversineKm } from './geo';

describe('distances (spec: Earth radius 6371 km)', () => {
  it('measures Sydney to Melbourne as about 714 km', () => {
    expect(haversineKm({ lat: -33.8688, lng: 151.2093 }, { lat: -37.8136, lng: 144.9631 })).toBeCloseTo(713.4, 0);
  });

  it('is 0 from a place to itself', () => {
    expect(haversineKm({ lat: -27.47, lng: 153.03 }, { lat: -27.47, lng: 153.03 })).toBe(0);
  });
});
