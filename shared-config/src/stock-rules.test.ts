import { canSave, watchlistToggleShown, type SavableCar } from './stock-rules';

const carHit = (overrides: Partial<SavableCar> = {}): SavableCar => ({
  status: 'in_stock',
  car_type: 'used',
  price: 19_990,
  primary_image_url: '/media/cars/c1/1.jpg',
  ...overrides,
});

const photo = '/media/cars/c1/1.jpg';

describe('the save control (spec §4: hidden when not in stock; some sites also need used, a price and images)', () => {
  it('shows on an in-stock or coming-soon car', () => {
    expect(canSave(carHit({ status: 'in_stock' }), false)).toBe(true);
    expect(canSave(carHit({ status: 'coming_soon' }), false)).toBe(true);
  });

  it('hides on a sold car and on any other status', () => {
    expect(canSave(carHit({ status: 'sold' }), false)).toBe(false);
    expect(canSave(carHit({ status: 'withdrawn' }), false)).toBe(false);
  });

  it('on a strict site, shows only for a used car priced above 0 with a photo', () => {
    expect(canSave(carHit({ car_type: 'used', price: 19_990, primary_image_url: photo }), true)).toBe(true);
    expect(canSave(carHit({ car_type: 'new', price: 19_990, primary_image_url: photo }), true)).toBe(false);
    expect(canSave(carHit({ car_type: 'used', price: 0, primary_image_url: photo }), true)).toBe(false);
    expect(canSave(carHit({ car_type: 'used', price: 19_990, primary_image_url: null }), true)).toBe(false);
  });
});

describe('the watchlist toggle (spec §4: sold cars hidden from watchlist save unless already saved)', () => {
  it('shows on an in-stock car whether saved or not', () => {
    expect([watchlistToggleShown('in_stock', false), watchlistToggleShown('coming_soon', true)]).toEqual([true, true]);
  });

  it('hides on a sold car not yet saved, and shows (to remove it) on one already saved', () => {
    expect(watchlistToggleShown('sold', false)).toBe(false);
    expect(watchlistToggleShown('sold', true)).toBe(true);
  });
});
