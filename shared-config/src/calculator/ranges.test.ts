import { TenantConfigSchema } from '../tenant/schema';
import {
  clampAmount,
  interestRange,
  outOfRangeText,
  priceRange,
  rangeProblem,
  startingValues,
  termChoices,
} from './ranges';

/** A site's calculator switches, as its tenant config gives them (defaults filled in by the schema). */
const calculator = (overrides: Record<string, unknown> = {}) =>
  TenantConfigSchema.shape.finance.parse({ calculator: overrides }).calculator;
/** A site's finance settings with its provider (Angle unless given) and calculator switches. */
const finance = (overrides: Record<string, unknown> = {}, provider = 'Angle') =>
  TenantConfigSchema.shape.finance.parse({ provider, calculator: overrides });

describe('the purchase price range (spec: minimum 1,000 or 5,000; maximum 250,000 or 100,000, or 105% of a price above 100,000; step 500)', () => {
  it('is 1,000 to 250,000 by 500 by default', () => {
    expect(priceRange(calculator(), 40_000)).toEqual({ min: 1_000, max: 250_000, step: 500 });
  });

  it('is 5,000 to 100,000 on a site that says so', () => {
    expect(priceRange(calculator({ priceMin: 5000, priceMax: 100000 }), 40_000)).toEqual({
      min: 5_000,
      max: 100_000,
      step: 500,
    });
  });

  it('reaches 105% of a $120,000 price (126,000) where the maximum follows the price', () => {
    expect(priceRange(calculator({ priceMax: 100000, priceMaxFollowsPrice: true }), 120_000).max).toBe(126_000);
  });

  it('keeps 100,000 for a price of 100,000 or less', () => {
    expect(priceRange(calculator({ priceMax: 100000, priceMaxFollowsPrice: true }), 100_000).max).toBe(100_000);
  });
});

describe('out-of-range entries (spec)', () => {
  it("say 'Cannot be less than {min} or more than {max}'", () => {
    expect(outOfRangeText({ min: 1_000, max: 250_000 })).toBe('Cannot be less than $1,000 or more than $250,000');
  });

  it('are clamped to the nearest bound', () => {
    expect([
      clampAmount(500, { min: 1_000, max: 250_000 }),
      clampAmount(300_000, { min: 1_000, max: 250_000 }),
    ]).toEqual([1_000, 250_000]);
  });

  it('become 0 at zero or less', () => {
    expect([clampAmount(0, { min: 1_000, max: 250_000 }), clampAmount(-20, { min: 1_000, max: 250_000 })]).toEqual([
      0, 0,
    ]);
  });

  it('have no problem inside the range', () => {
    expect(rangeProblem(30_000, { min: 1_000, max: 250_000 })).toBeNull();
  });
});

describe('the term (spec: 1 to 7 years, 5 on some tenants, step 0.5, or custom increments)', () => {
  it('runs 1 to 7 by 0.5 by default: 13 choices', () => {
    expect(termChoices(calculator())).toEqual([1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5, 6, 6.5, 7]);
  });

  it('stops at 5 where the site says so', () => {
    expect(termChoices(calculator({ termMax: 5, defaultTerm: 5 })).at(-1)).toBe(5);
  });

  it("is the site's own increments where it has them", () => {
    expect(termChoices(calculator({ termIncrements: [1, 2, 3, 4, 5, 7] }))).toEqual([1, 2, 3, 4, 5, 7]);
  });
});

describe('the interest range (spec: 0.5 to 15 by default; 9.95 to 19.95 on one tenant; 7.5 to 14.5 for a lender-specific provider, 1 minimum or 5.99 to 15.99 on some tenants; step 0.5)', () => {
  it('is 0.5 to 15 by 0.5 by default', () => {
    expect(interestRange(finance())).toEqual({ min: 0.5, max: 15, step: 0.5 });
  });

  it("is the site's own range", () => {
    expect(interestRange(finance({ interestMin: 9.95, interestMax: 19.95 }))).toEqual({
      min: 9.95,
      max: 19.95,
      step: 0.5,
    });
  });

  it('is 7.5 to 14.5 for the lender-specific provider (Taurus)', () => {
    expect(interestRange(finance({}, 'Taurus'))).toEqual({ min: 7.5, max: 14.5, step: 0.5 });
  });

  it("takes the site's 1 minimum over the lender-specific provider's, keeping its 14.5 maximum", () => {
    expect(interestRange(finance({ interestMin: 1 }, 'Taurus'))).toEqual({ min: 1, max: 14.5, step: 0.5 });
  });

  it("is 5.99 to 15.99 on a site that says so, whatever its provider's range", () => {
    expect(interestRange(finance({ interestMin: 5.99, interestMax: 15.99 }, 'Taurus'))).toEqual({
      min: 5.99,
      max: 15.99,
      step: 0.5,
    });
  });
});

describe('the starting values (spec: term 6 (or 5), amount the price or 30000, interest from config or 8.5 / 10)', () => {
  it('start at 6 years, the car price and 8.5%', () => {
    expect(startingValues(finance(), 32_990)).toEqual({
      amount: 32_990,
      term: 6,
      interest: 8.5,
      deposit: 0,
      residual: 0,
    });
  });

  it('start at $30,000 without a price (10 or less is no price)', () => {
    expect(startingValues(finance(), 10).amount).toBe(30_000);
  });

  it('start at 5 years and 10% on the variant that says so', () => {
    expect(
      startingValues(
        finance({ termMax: 5, defaultTerm: 5, interestMin: 9.95, interestMax: 19.95, fallbackInterest: 10 }),
        32_990,
      ),
    ).toMatchObject({ term: 5, interest: 10 });
  });

  it("start at the site's configured rate", () => {
    expect(startingValues(finance({ defaultInterest: 9.5, interestMin: 4, interestMax: 20 }), 32_990).interest).toBe(
      9.5,
    );
  });

  it('start inside the range: a $300,000 car starts at 250,000', () => {
    expect(startingValues(finance(), 300_000).amount).toBe(250_000);
  });
});
