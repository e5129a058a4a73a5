import { directionsUrl } from './directions';
import { locatedAtShown, locatedAtText } from './located-at';
import { testLocation } from './test-location';

describe("'Located at {city}'", () => {
  it('reads Located at Parramatta', () => {
    expect(locatedAtText('Parramatta')).toBe('Located at Parramatta');
  });

  it("shows when the car's city differs from the dealership's primary city", () => {
    expect(locatedAtShown('Parramatta', 'Sydney')).toBe(true);
  });

  it('does not show in the primary city, whatever the case or spaces', () => {
    expect(locatedAtShown(' sydney ', 'Sydney')).toBe(false);
  });

  it('does not show without a city to compare', () => {
    expect(locatedAtShown('Parramatta', null)).toBe(false);
    expect(locatedAtShown('', 'Sydney')).toBe(false);
  });
});

describe('directions', () => {
  it('asks the maps service for directions to the street address', () => {
    expect(directionsUrl(testLocation().address)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=1%20Kingsford%20Smith%20Drive%2C%20Brisbane%20QLD%204009',
    );
  });
});
