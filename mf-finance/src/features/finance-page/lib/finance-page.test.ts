import { financeHeading, readCarId, readVehiclePrice } from './finance-page';

describe('financeHeading', () => {
  it.each([
    ['/finance', 'Finance'],
    ['/apply-for-finance', 'Apply for finance'],
    ['/finance-enquiry', 'Finance enquiry'],
    ['/personalised/finance', 'Personalised finance'],
  ])('names %s', (path, heading) => {
    expect(financeHeading(path)).toBe(heading);
  });

  it('ignores a trailing slash', () => {
    expect(financeHeading('/finance-enquiry/')).toBe('Finance enquiry');
  });
});

describe('readCarId', () => {
  it('reads car_id', () => {
    expect(readCarId(new URLSearchParams('car_id=harbourside-motors-12'))).toBe('harbourside-motors-12');
  });

  it('is null when car_id is blank', () => {
    expect(readCarId(new URLSearchParams('car_id=%20'))).toBeNull();
  });
});

describe('readVehiclePrice', () => {
  it('prefers vehiclePriceBudget', () => {
    expect(readVehiclePrice(new URLSearchParams('vehiclePriceBudget=25000&price=30000'))).toBe(25000);
  });

  it('falls back to price', () => {
    expect(readVehiclePrice(new URLSearchParams('price=30000'))).toBe(30000);
  });

  it('is null for a value that is not a positive number', () => {
    expect(readVehiclePrice(new URLSearchParams('price=abc'))).toBeNull();
  });

  it('is null for zero', () => {
    expect(readVehiclePrice(new URLSearchParams('price=0'))).toBeNull();
  });
});
