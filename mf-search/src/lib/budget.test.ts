import {
  budgetFilter,
  budgetFor,
  budgetInput,
  budgetResult,
  budgetSearchPath,
  DEFAULT_DEPOSIT,
  DEFAULT_REPAYMENT,
} from './budget';

describe('budget finder (finance spec: repayment x 12 or 52 x 5 years + deposit)', () => {
  it('turns the default monthly budget into 38,000', () => {
    expect([DEFAULT_REPAYMENT.monthly, DEFAULT_DEPOSIT]).toEqual([600, 2000]);
    expect(budgetFor(600, 2000, 'monthly')).toBe(600 * 12 * 5 + 2000);
  });

  it('turns the default weekly budget into 54,000', () => {
    expect(DEFAULT_REPAYMENT.weekly).toBe(200);
    expect(budgetFor(200, 2000, 'weekly')).toBe(200 * 52 * 5 + 2000);
  });

  it('reads a non-number as 0 and clamps to 0..1,000,000', () => {
    expect(budgetInput('abc')).toBe(0);
    expect(budgetInput('$1,500')).toBe(1500);
    expect(budgetInput(-5)).toBe(0);
    expect(budgetInput(2_000_000)).toBe(1_000_000);
    expect(budgetFor(20_000, 0, 'weekly')).toBe(1_000_000);
  });

  it("disables the button below the cheapest car: '0 Cars Found' and 'No cars found for this budget'", () => {
    expect(budgetResult(3_000, { min: 4_990, max: 89_990 }, 'car')).toEqual({
      state: 'none',
      button: '0 Cars Found',
      message: 'No cars found for this budget',
    });
  });

  it("offers 'View Caravans In This Range' up to the budget, capped at the highest price", () => {
    expect(budgetResult(38_000, { min: 4_990, max: 89_990 }, 'caravan')).toEqual({
      state: 'some',
      button: 'View Caravans In This Range',
      maxPrice: 38_000,
    });
    expect(budgetResult(120_000, { min: 4_990, max: 89_990 }, 'car')).toMatchObject({ maxPrice: 89_990 });
  });

  it('caps at 100000 when the highest price is unknown', () => {
    expect(budgetResult(120_000, {}, 'car')).toMatchObject({ maxPrice: 100_000 });
  });

  it('searches only prices above 1000', () => {
    expect(budgetFilter('')).toBe('price > 1000');
    expect(budgetFilter('car_type:used')).toBe('car_type:used AND price > 1000');
  });
});

describe('the results address of a budget', () => {
  it('prices the search from above $1,000 up to the budget, as the address bar writes a range', () => {
    expect(budgetSearchPath('/search/used-cars', 26000)).toBe('/search/used-cars?price=1000:26000');
  });
});
