import { readCarId, withCarId } from './car-id';

describe('readCarId', () => {
  it('reads car_id', () => {
    expect(readCarId(new URLSearchParams('car_id=test-motors-7'))).toBe('test-motors-7');
  });

  it('is null when car_id is blank', () => {
    expect(readCarId(new URLSearchParams('car_id='))).toBeNull();
  });
});

describe('withCarId', () => {
  it('leaves the path alone without a car', () => {
    expect(withCarId('/contact')).toBe('/contact');
  });

  it('adds the car id as a query', () => {
    expect(withCarId('/book-test-drive/', 'test-motors-7')).toBe('/book-test-drive/?car_id=test-motors-7');
  });

  it('appends to an existing query', () => {
    expect(withCarId('/contact?category=finance', 'a b')).toBe('/contact?category=finance&car_id=a%20b');
  });
});
