import { readFinanceQuery } from './finance-query';
import { codeSchema, detailsStepSchema, initialEnquiryValues, quoteRequestSchema } from './finance-schema';

const firstMessage = (result: {
  success: boolean;
  error?: { issues: Array<{ message: string; path: PropertyKey[] }> };
}) =>
  result.success ? null : { field: result.error!.issues[0]!.path.join('.'), message: result.error!.issues[0]!.message };

describe('the instant quote request (spec: clamped 10,000 to 200,000, digits only, term 1 to 7)', () => {
  it('clamps a price below 10,000 up to 10,000', () => {
    expect(quoteRequestSchema.parse({ purchasePrice: '4500' }).purchasePrice).toBe(10_000);
  });

  it('clamps a price above 200,000 down to 200,000', () => {
    expect(quoteRequestSchema.parse({ purchasePrice: 250_000 }).purchasePrice).toBe(200_000);
  });

  it('reads only the digits of a typed price', () => {
    expect(quoteRequestSchema.parse({ purchasePrice: '$32,990' }).purchasePrice).toBe(32_990);
  });

  it('fills the defaults: 30000, 5 years, GREAT', () => {
    expect(quoteRequestSchema.parse({})).toMatchObject({
      purchasePrice: 30_000,
      loanTerm: 5,
      selfAssessedCreditScore: 'GREAT',
    });
  });

  it('refuses a term of 8 years, naming loanTerm', () => {
    expect(firstMessage(quoteRequestSchema.safeParse({ loanTerm: 8 }))).toEqual({
      field: 'loanTerm',
      message: 'must be 1 to 7 years',
    });
  });

  it('refuses a credit score it does not know', () => {
    expect(firstMessage(quoteRequestSchema.safeParse({ selfAssessedCreditScore: 'EXCELLENT' }))?.field).toBe(
      'selfAssessedCreditScore',
    );
  });

  it('refuses a field it does not know', () => {
    expect(quoteRequestSchema.safeParse({ purchasePrice: 30000, income: 1 }).success).toBe(false);
  });
});

describe('the code field (spec texts)', () => {
  it("answers 'This is a required field.' when empty", () => {
    expect(firstMessage(codeSchema.safeParse(''))?.message).toBe('This is a required field.');
  });

  it("answers 'Code must be 6 digits.' for five digits", () => {
    expect(firstMessage(codeSchema.safeParse('12345'))?.message).toBe('Code must be 6 digits.');
  });

  it('takes six digits', () => {
    expect(codeSchema.parse(' 123456 ')).toBe('123456');
  });
});

describe('your details', () => {
  const valid = {
    purchasePrice: '30000',
    loanTerm: 5,
    selfAssessedCreditScore: 'GREAT',
    whoIsHelping: 'Just me',
    firstName: 'Jo',
    lastName: 'Citizen',
    email: 'jo@example.com',
    phoneNumber: '0412 345 678',
    postCode: '4000',
    subscribe: true,
  };

  it('takes a complete set', () => {
    expect(detailsStepSchema.safeParse(valid).success).toBe(true);
  });

  it("answers the spec's postcode text for three digits", () => {
    expect(firstMessage(detailsStepSchema.safeParse({ ...valid, postCode: '400' }))).toEqual({
      field: 'postCode',
      message: 'Invalid postcode. Please enter a 4-digit number.',
    });
  });

  it('refuses a landline for the code', () => {
    expect(firstMessage(detailsStepSchema.safeParse({ ...valid, phoneNumber: '07 3555 0199' }))?.field).toBe(
      'phoneNumber',
    );
  });
});

describe("the form's starting values", () => {
  it("come from the page's link", () => {
    const values = initialEnquiryValues(
      readFinanceQuery(
        new URLSearchParams(
          'vehiclePriceBudget=45990&loanTerm=3&credit_score=decent&whoIsHelping=me%20and%20my%20partner',
        ),
      ),
    );
    expect(values).toMatchObject({
      purchasePrice: '45990',
      loanTerm: 3,
      selfAssessedCreditScore: 'DECENT',
      whoIsHelping: 'Me and my partner',
    });
  });

  it("are the quote's defaults without a link", () => {
    expect(initialEnquiryValues(readFinanceQuery(new URLSearchParams('')))).toMatchObject({
      purchasePrice: '30000',
      loanTerm: 5,
      selfAssessedCreditScore: 'GREAT',
    });
  });

  it('clamp a linked price into the quote range', () => {
    expect(initialEnquiryValues(readFinanceQuery(new URLSearchParams('price=350000'))).purchasePrice).toBe('200000');
  });
});
