import { DISTANCE_DEFAULT_KM, FUEL_PRICE_DEFAULT, fuelCalculatorShown, fuelCost } from './fuel-cost';

describe('fuel cost (spec: distance/100 x economy x price; defaults 1.70 and 250 kms; 10 L/100km fallback)', () => {
  it('starts at $1.70 a litre over 250 km', () => {
    expect([FUEL_PRICE_DEFAULT, DISTANCE_DEFAULT_KM]).toEqual([1.7, 250]);
  });

  it('costs 250/100 x 8.4 x 1.70 = $35.70 for an 8.4 L/100km car', () => {
    expect(fuelCost(250, 8.4, 1.7)).toBeCloseTo(35.7, 5);
  });

  it('uses 10 L/100km when the car has no economy figure: $42.50', () => {
    expect(fuelCost(250, null, 1.7)).toBeCloseTo(42.5, 5);
  });

  it('is hidden for an electric car, shown for a hybrid', () => {
    const car = (fuel: string) => ({ fuel, item_type: 'car' });
    expect([
      fuelCalculatorShown(car('Electric')),
      fuelCalculatorShown(car('hybrid')),
      fuelCalculatorShown(car('diesel')),
    ]).toEqual([false, true, true]);
  });

  it('is hidden for a caravan, which is towed and has no fuel', () => {
    expect(fuelCalculatorShown({ fuel: 'none', item_type: 'caravan' })).toBe(false);
  });

  it("is hidden where the feed says the car has no fuel ('none')", () => {
    expect(fuelCalculatorShown({ fuel: 'none', item_type: 'car' })).toBe(false);
  });
});
