import { REQUIRED } from '../../lead-forms/lib/lead-schema';
import {
  estimateTradeIn,
  INVALID_KM,
  INVALID_YEAR,
  offerAcceptanceSchema,
  regoLookupSchema,
  tradeInGuidance,
  tradeInSchema,
} from './valuation';

const NOW = new Date('2026-06-01T00:00:00+10:00');
const good = { condition: 'Good', accident: 'No', service_history: 'Full', keys: '2 or more' } as const;
const RULES = { commentsRequired: true, termsRequired: false, postcodeShown: true };

describe('the trade-in estimator', () => {
  it('offers the retail average less the 20 % margin for an average car in excellent order', () => {
    // 2023, 3 years at 15,000 km a year = 45,000 km expected.
    expect(
      estimateTradeIn({
        year: 2023,
        km: 45_000,
        answers: { ...good, condition: 'Excellent' },
        retailAverage: 30_000,
        now: NOW,
      }),
    ).toEqual({ status: 'offer', offer: 24_000, low: 22_800, high: 25_200, retail: 30_000 });
  });

  it('takes 1.5 % off per 10,000 km over the average, at most 10 %', () => {
    const over = estimateTradeIn({
      year: 2023,
      km: 65_000,
      answers: { ...good, condition: 'Excellent' },
      retailAverage: 30_000,
      now: NOW,
    });
    expect(over).toMatchObject({ offer: 23_300 }); // 24,000 x (1 - 0.03) = 23,280
    const far = estimateTradeIn({
      year: 2025,
      km: 99_000,
      answers: { ...good, condition: 'Excellent' },
      retailAverage: 30_000,
      now: NOW,
    });
    expect(far).toMatchObject({ offer: 21_600 }); // capped at 10 % off
  });

  it('adjusts for condition, accident, service history and a missing key', () => {
    const worse = estimateTradeIn({
      year: 2023,
      km: 45_000,
      answers: { condition: 'Fair', accident: 'Yes', service_history: 'Partial', keys: '1' },
      retailAverage: 30_000,
      now: NOW,
    });
    // 24,000 x 0.85 x 0.97 x 0.9 - 300 = 17,509
    expect(worse).toMatchObject({ offer: 17_500 });
  });

  it('gives no online estimate for a car over 7 years, over 100,000 km, or with no market', () => {
    expect(estimateTradeIn({ year: 2018, km: 40_000, answers: good, retailAverage: 30_000, now: NOW })).toEqual({
      status: 'no-online-estimate',
      reason: 'age',
    });
    expect(estimateTradeIn({ year: 2022, km: 100_001, answers: good, retailAverage: 30_000, now: NOW })).toEqual({
      status: 'no-online-estimate',
      reason: 'km',
    });
    expect(estimateTradeIn({ year: 2022, km: 50_000, answers: good, retailAverage: null, now: NOW })).toEqual({
      status: 'no-online-estimate',
      reason: 'no-market',
    });
  });

  it('still values a car of exactly 7 years and exactly 100,000 km', () => {
    expect(estimateTradeIn({ year: 2019, km: 100_000, answers: good, retailAverage: 20_000, now: NOW }).status).toBe(
      'offer',
    );
  });

  it('states the spec guidance', () => {
    expect(tradeInGuidance()).toBe(
      'Online estimates are generally not given for cars over 7 years old or with more than 100,000 km.',
    );
  });
});

describe('the trade-in form', () => {
  const valid = {
    name: 'Jo',
    last_name: 'Citizen',
    email: 'jo@example.com',
    phone: '0412345678',
    postcode: '4000',
    year: '2021',
    make: 'Toyota',
    model: 'Corolla',
    km: '45,000 km',
    ...good,
  };
  const problem = (values: Record<string, unknown>) => {
    const result = tradeInSchema(RULES, NOW).safeParse(values);
    return result.success
      ? null
      : { field: result.error.issues[0]?.path.join('.'), message: result.error.issues[0]?.message };
  };

  it('reads kilometres with separators and a unit, and the year as a number; Phone by default', () => {
    expect(tradeInSchema(RULES, NOW).parse(valid)).toMatchObject({
      km: 45_000,
      year: 2021,
      PreferredContactMethod: 'Phone',
    });
  });

  it.each([
    ['85k', INVALID_KM],
    ['', REQUIRED],
  ])('refuses the kilometres %p', (km, message) => {
    expect(problem({ ...valid, km })).toEqual({ field: 'km', message });
  });

  it.each(['21', '1899', '2028'])('refuses the year %p', (year) => {
    expect(problem({ ...valid, year })).toEqual({ field: 'year', message: INVALID_YEAR });
  });

  it('needs every adjustment answer', () => {
    expect(problem({ ...valid, accident: undefined })).toEqual({ field: 'accident', message: REQUIRED });
  });

  it('takes only Phone, Email or SMS as the preferred contact method', () => {
    expect(problem({ ...valid, PreferredContactMethod: 'Fax' })).toEqual({
      field: 'PreferredContactMethod',
      message: 'Please choose one of the options.',
    });
  });
});

describe('the rego lookup and the offer acceptance', () => {
  it('normalises a plate and needs its state', () => {
    expect(regoLookupSchema.parse({ rego: 'abc-12 3', regoState: 'QLD' })).toEqual({
      rego: 'ABC123',
      regoState: 'QLD',
    });
    expect(regoLookupSchema.safeParse({ rego: 'ABC123' }).success).toBe(false);
  });

  it("is filed with the subcategory '3. Offer Accepted' only", () => {
    const body = {
      lead_id: '6f1c1d59-5a43-4b8e-9d0b-6f0d3b0c6f57',
      form_completed: true,
      offer_accepted: true,
      subcategory: '3. Offer Accepted',
    };
    expect(offerAcceptanceSchema.safeParse(body).success).toBe(true);
    expect(offerAcceptanceSchema.safeParse({ ...body, subcategory: 'Accepted' }).success).toBe(false);
  });
});
