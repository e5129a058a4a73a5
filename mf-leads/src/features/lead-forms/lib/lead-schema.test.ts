import { enquirySchema, INVALID_POSTCODE, REQUIRED, TERMS_REQUIRED } from './lead-schema';

const RULES = { commentsRequired: true, termsRequired: false, postcodeShown: true };
const valid = { name: 'Jo', last_name: 'Citizen', email: 'jo@example.com', phone: '0412 345 678', postcode: '2000', message: 'Is it still available?' };
const problem = (values: Record<string, unknown>, rules = RULES) => {
  const result = enquirySchema(rules).safeParse(values);
  return result.success ? null : { field: result.error.issues[0]?.path.join('.'), message: result.error.issues[0]?.message };
};

describe('the enquiry schema (spec §3 fields, §5 rules, §8 texts)', () => {
  it('takes a complete enquiry, with category General Enquiry and opt-in true by default', () => {
    expect(enquirySchema(RULES).parse(valid)).toMatchObject({ category: 'General Enquiry', opt_in: true });
  });

  it.each(['name', 'last_name', 'email', 'phone'])("says 'This is a required field.' for an empty %s", (field) => {
    expect(problem({ ...valid, [field]: ' ' })).toEqual({ field, message: REQUIRED });
  });

  it.each(['123', '12345', '20a0', '2,000'])('refuses the postcode %s with the spec text', (postcode) => {
    expect(problem({ ...valid, postcode })).toEqual({ field: 'postcode', message: INVALID_POSTCODE });
  });

  it('needs the postcode where it is shown, not where it is not', () => {
    const { postcode: _postcode, ...without } = valid;
    expect(problem(without)).toEqual({ field: 'postcode', message: REQUIRED });
    expect(problem(without, { ...RULES, postcodeShown: false })).toBeNull();
  });

  it('needs comments unless the site says otherwise', () => {
    expect(problem({ ...valid, message: '' })).toEqual({ field: 'message', message: REQUIRED });
    expect(problem({ ...valid, message: '' }, { ...RULES, commentsRequired: false })).toBeNull();
  });

  it('needs the terms ticked on a site that uses them, with the spec text', () => {
    expect(problem(valid, { ...RULES, termsRequired: true })).toEqual({ field: 'terms_conditions', message: TERMS_REQUIRED });
    expect(problem({ ...valid, terms_conditions: true }, { ...RULES, termsRequired: true })).toBeNull();
  });

  it('refuses a field the form does not have', () => {
    expect(problem({ ...valid, tenant: 'another-site' })?.message).toMatch(/tenant/);
  });
});
