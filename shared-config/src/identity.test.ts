import { codeProblem, formatPhone, normalisePhone, phoneProblem } from './identity';
import { CodeSchema, SendCodeSchema } from './identity-schemas';

describe('phone numbers (spec: digits only, a leading 61 becomes 0, shown 2-4-4)', () => {
  it('normalises +61 to 0 and drops everything but digits', () => {
    expect(normalisePhone('+61 412 345 678')).toBe('0412345678');
    expect(normalisePhone('0412-345-678')).toBe('0412345678');
  });

  it('groups a number 2-4-4 for display, +61 shown as 0', () => {
    expect(formatPhone('+61412345678')).toBe('04 1234 5678');
  });

  it('accepts an Australian mobile and refuses a landline', () => {
    expect(phoneProblem('0412 345 678')).toBeNull();
    expect(phoneProblem('02 9999 1234')).toMatch(/mobile/);
  });

  it('keeps the normalised number in the send-code body', () => {
    expect(SendCodeSchema.parse({ phone: '+61 412 345 678' }).phone).toBe('0412345678');
  });
});

describe('the code field (spec: code length 6)', () => {
  it("says 'This is a required field.' when empty", () => {
    expect(codeProblem('  ')).toBe('This is a required field.');
  });

  it("says 'Code must be 6 digits.' for 5 digits, 7 digits or letters", () => {
    expect(['12345', '1234567', '12a456'].map(codeProblem)).toEqual([
      'Code must be 6 digits.',
      'Code must be 6 digits.',
      'Code must be 6 digits.',
    ]);
  });

  it('takes six digits, on the server too', () => {
    expect(codeProblem('012345')).toBeNull();
    expect(CodeSchema.safeParse('012345').success).toBe(true);
    expect(CodeSchema.safeParse('01234').error?.issues[0]?.message).toBe('Code must be 6 digits.');
  });
});
