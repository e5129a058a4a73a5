import { LocalPostcodeGeocoder } from './geocoder';
import { POSTCODE_REGIONS } from './postcode-regions';

const geocoder = new LocalPostcodeGeocoder();

describe('the shipped postcode regions', () => {
  it('never give one postcode two regions', () => {
    const sorted = [...POSTCODE_REGIONS].sort((a, b) => a[0] - b[0]);
    const overlaps = sorted.slice(1).filter((row, i) => row[0] <= sorted[i]![1]);
    expect(overlaps).toEqual([]);
  });

  it('keep every centre inside Australia', () => {
    const outside = POSTCODE_REGIONS.filter(([, , , lat, lng]) => lat > -10 || lat < -44 || lng < 112 || lng > 154);
    expect(outside).toEqual([]);
  });
});

describe('the local geocoder', () => {
  it('places a postcode in its region, near its real centre', () => {
    expect(geocoder.lookup('2095')).toMatchObject({ region: 'Northern Beaches', lat: -33.73, lng: 151.28 });
    expect(geocoder.lookup('0870')).toMatchObject({ region: 'Alice Springs' });
    expect(geocoder.lookup('6000')).toMatchObject({ region: 'Perth CBD' });
  });

  it('finds no place for a number outside every block, or for something not 4 digits', () => {
    expect([geocoder.lookup('0000'), geocoder.lookup('3208'), geocoder.lookup('209'), geocoder.lookup('20a5')]).toEqual(
      [null, null, null, null],
    );
  });
});
