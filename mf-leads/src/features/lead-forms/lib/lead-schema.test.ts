import {
  careersSchema,
  enquirySchema,
  INVALID_DATE_TIME,
  INVALID_MOBILE_NUMBER,
  INVALID_POSTCODE,
  INVALID_REGO,
  REQUEST_PHOTOS_DEFAULT,
  requestPhotosSchema,
  REQUIRED,
  serviceSchema,
  TERMS_REQUIRED,
  testDriveSchema,
  testDriveSubcategory,
} from './lead-schema';

const RULES = { commentsRequired: true, termsRequired: false, postcodeShown: true };
const valid = {
  name: 'Jo',
  last_name: 'Citizen',
  email: 'jo@example.com',
  phone: '0412 345 678',
  postcode: '2000',
  message: 'Is it still available?',
};
const problem = (values: Record<string, unknown>, rules = RULES) => {
  const result = enquirySchema(rules).safeParse(values);
  return result.success
    ? null
    : { field: result.error.issues[0]?.path.join('.'), message: result.error.issues[0]?.message };
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
    expect(problem(valid, { ...RULES, termsRequired: true })).toEqual({
      field: 'terms_conditions',
      message: TERMS_REQUIRED,
    });
    expect(problem({ ...valid, terms_conditions: true }, { ...RULES, termsRequired: true })).toBeNull();
  });

  it('refuses a field the form does not have', () => {
    expect(problem({ ...valid, tenant: 'another-site' })?.message).toMatch(/tenant/);
  });
});

describe('the other forms (spec: message, date and time and request text optional on the test drive and photo request)', () => {
  const contact = {
    name: 'Jo',
    last_name: 'Citizen',
    email: 'jo@example.com',
    phone: '0412 345 678',
    postcode: '2000',
  };

  it('takes a test drive with no message and no time, and a time only as the dealer clock writes it', () => {
    expect(testDriveSchema(RULES).safeParse(contact).success).toBe(true);
    expect(testDriveSchema(RULES).parse({ ...contact, dateTime: '2026-11-24T10:30' }).dateTime).toBe(
      '2026-11-24T10:30',
    );
    expect(testDriveSchema(RULES).safeParse({ ...contact, dateTime: 'tomorrow at 10' }).error?.issues[0]?.message).toBe(
      INVALID_DATE_TIME,
    );
  });

  it('needs a location chosen when the form offers several, one of them', () => {
    const choices = {
      locations: [
        { id: 'a', name: 'Alexandria' },
        { id: 'p', name: 'Parramatta' },
      ],
    };
    expect(testDriveSchema(RULES, choices).safeParse(contact).error?.issues[0]).toMatchObject({
      path: ['location_id'],
      message: REQUIRED,
    });
    expect(testDriveSchema(RULES, choices).safeParse({ ...contact, location_id: 'x' }).error?.issues[0]?.message).toBe(
      'Please choose one of the options.',
    );
    expect(testDriveSchema(RULES, { locations: [{ id: 'a', name: 'Alexandria' }] }).safeParse(contact).success).toBe(
      true,
    );
  });

  it("files a test drive as 'Test Drive Booking New' for a new car and 'Test Drive Booking Used' otherwise", () => {
    expect(testDriveSubcategory('new')).toBe('Test Drive Booking New');
    expect(testDriveSubcategory('demo')).toBe('Test Drive Booking Used');
    expect(testDriveSubcategory('used')).toBe('Test Drive Booking Used');
  });

  it("fills the photo request's hidden field with 'Please send photos for this car' when empty", () => {
    expect(requestPhotosSchema(RULES).parse(contact)['Request Photos']).toBe(REQUEST_PHOTOS_DEFAULT);
    expect(REQUEST_PHOTOS_DEFAULT).toBe('Please send photos for this car');
  });

  it('needs the rego on a service booking, written as the states issue it', () => {
    expect(serviceSchema(RULES).safeParse(contact).error?.issues[0]).toMatchObject({
      path: ['rego'],
      message: REQUIRED,
    });
    expect(serviceSchema(RULES).parse({ ...contact, rego: 'abc-123' }).rego).toBe('ABC123');
    expect(serviceSchema(RULES).safeParse({ ...contact, rego: 'TOO-LONG-PLATE' }).error?.issues[0]?.message).toBe(
      INVALID_REGO,
    );
  });

  it('needs a few words on a careers enquiry', () => {
    expect(careersSchema(RULES).safeParse(contact).error?.issues[0]).toMatchObject({
      path: ['message'],
      message: REQUIRED,
    });
  });

  it('takes only an Australian mobile as the Mobile Number', () => {
    expect(problem({ ...valid, phone: '02 9555 0142' })).toEqual({ field: 'phone', message: INVALID_MOBILE_NUMBER });
    expect(problem({ ...valid, phone: '+61 412 345 678' })).toBeNull();
  });
});
