import { mapMetaVehicle, type FeedRecord } from './meta-vehicle';

/** Meta's columns of one vehicle, as a feed has them. */
const record = (overrides: FeedRecord = {}): FeedRecord => ({
  vehicle_id: 'HM-1',
  make: 'Toyota',
  model: 'RAV4',
  year: '2021',
  'mileage.value': '42000',
  'mileage.unit': 'KM',
  price: '38990 AUD',
  state_of_vehicle: 'USED',
  body_style: 'SUV',
  transmission: 'AUTOMATIC',
  fuel_type: 'HYBRID',
  exterior_color: 'White',
  ...overrides,
});

const fields = (overrides: FeedRecord = {}) => {
  const mapped = mapMetaVehicle(record(overrides), 'sydney');
  if ('errors' in mapped) throw new Error(JSON.stringify(mapped.errors));
  return mapped.fields;
};
const errors = (overrides: FeedRecord) => {
  const mapped = mapMetaVehicle(record(overrides), 'sydney');
  return 'errors' in mapped ? mapped.errors.map((error) => error.field) : [];
};

describe("Meta's vehicle columns", () => {
  it('converts miles to kilometres', () => {
    expect(fields({ 'mileage.value': '1000', 'mileage.unit': 'MI' }).km).toBe(1609);
  });

  it('reads a certified pre-owned vehicle as used and certified', () => {
    expect(fields({ state_of_vehicle: 'CPO' })).toMatchObject({ car_type: 'used', certified: true });
  });

  it('offers the car at its sale price with its price as the was-price', () => {
    expect(fields({ price: '40,990.00 AUD', sale_price: '38990 AUD' })).toMatchObject({
      price: 38_990,
      before_price: 40_990,
    });
  });

  it('refuses a price in another currency, naming the column', () => {
    expect(errors({ price: '25990 USD' })).toEqual(['price']);
  });

  it('reads photos from a JSON image column', () => {
    expect(
      fields({ image: '[{"url":"https://x.test/1.jpg","tag":["front"]},{"url":"https://x.test/2.jpg"}]' }).photos,
    ).toEqual(['https://x.test/1.jpg', 'https://x.test/2.jpg']);
  });

  it('names image[n].url for a photo that is no web address', () => {
    expect(errors({ 'image[0].url': 'https://x.test/1.jpg', 'image[1].url': 'ftp://x.test/2.jpg' })).toEqual([
      'image[1].url',
    ]);
  });

  it('names the feed column of a field the API schema refuses', () => {
    expect(errors({ exterior_color: '' })).toEqual(['exterior_color']);
  });

  it('reads enumerated values in any case, with spaces for underscores', () => {
    expect(fields({ body_style: 'small car', availability: 'in stock', fuel_type: 'plugin-hybrid' })).toMatchObject({
      body: 'hatch',
      status: 'in_stock',
      fuel: 'plug-in hybrid',
    });
  });

  it('needs dealer_id on a site with several locations', () => {
    const mapped = mapMetaVehicle(record(), null);
    expect('errors' in mapped ? mapped.errors.map((error) => error.field) : []).toEqual(['dealer_id']);
  });
});
