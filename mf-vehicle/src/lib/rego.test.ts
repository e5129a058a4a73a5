import { regoExpiryText } from './rego';

const today = new Date('2026-11-23T09:00:00Z');

describe("rego expiry (spec: 'Expires on {date}', 'Unregistered' for some dealers, else hidden)", () => {
  it("reads 'Expires on {date}' for a future date", () => {
    expect(regoExpiryText('2027-03-12', today, false)).toBe('Expires on 12 March 2027');
  });

  it('still reads as registered on its last day', () => {
    expect(regoExpiryText('2026-11-23', today, false)).toBe('Expires on 23 November 2026');
  });

  it("reads 'Unregistered' for a past date on a dealer that says so", () => {
    expect(regoExpiryText('2026-01-31', today, true)).toBe('Unregistered');
  });

  it('is hidden for a past date elsewhere, and when there is no date', () => {
    expect([regoExpiryText('2026-01-31', today, false), regoExpiryText(null, today, true)]).toEqual([null, null]);
  });
});
