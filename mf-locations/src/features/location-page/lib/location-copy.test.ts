import { locationTitle } from './location-copy';

const tenant = { slug: 'test-motors', name: 'Test Motors' };

describe('locationTitle', () => {
  it('title-cases the slug words', () => {
    expect(locationTitle('test-motors-parramatta', tenant)).toBe('Test Motors Parramatta');
  });

  it("uses the tenant's name for the tenant's own slug", () => {
    expect(locationTitle('test-motors', tenant)).toBe('Test Motors');
  });

  it('keeps a malformed escape as text', () => {
    expect(locationTitle('north-100%', tenant)).toBe('North 100%');
  });
});
