import { renderWithPlatform, testTenant } from '@forecourt/shared-config/testing';
import { screen } from '@testing-library/react';
import { LocationMap, projectPlaces } from './location-map';

const eagleFarm = { slug: 'eagle-farm', name: 'Eagle Farm', lat: -27.4305, lng: 153.0866 };
const ipswich = { slug: 'ipswich', name: 'Ipswich', lat: -27.6137, lng: 152.7878 };
const chermside = { slug: 'chermside', name: 'Chermside', lat: -27.3856, lng: 153.0312 };

describe('the static map', () => {
  it('puts one place in the middle', () => {
    expect(projectPlaces([eagleFarm])).toEqual([{ ...eagleFarm, x: 50, y: 50 }]);
  });

  it('keeps bearings: Ipswich west of Eagle Farm, Chermside north of both', () => {
    const [farm, west, north] = projectPlaces([eagleFarm, ipswich, chermside]);
    expect(west!.x).toBeLessThan(farm!.x);
    expect(north!.y).toBeLessThan(farm!.y);
    expect(north!.y).toBeLessThan(west!.y);
  });

  it('keeps every place inside the margins', () => {
    for (const place of projectPlaces([eagleFarm, ipswich, chermside])) {
      expect(place.x).toBeGreaterThanOrEqual(18);
      expect(place.x).toBeLessThanOrEqual(82);
      expect(place.y).toBeGreaterThanOrEqual(22);
      expect(place.y).toBeLessThanOrEqual(78);
    }
  });

  it('is what a site without a tile source shows, named for screen readers', () => {
    renderWithPlatform(<LocationMap places={[eagleFarm, ipswich]} label="Map of our locations" />, {
      tenant: testTenant(),
    });
    expect(screen.getByRole('img', { name: 'Map of our locations' })).toHaveTextContent('Eagle FarmIpswich');
  });
});
