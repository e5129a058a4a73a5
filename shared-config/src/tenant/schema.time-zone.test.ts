import { dealerTimeZone, parseTenantConfig } from './schema';

const sample = {
  slug: 'sample',
  name: 'Sample Motors',
  kind: 'used-only',
  logo: { text: 'SM', alt: 'Sample Motors' },
  theme: { primary: '#112233', accent: '#445566' },
};

describe("the dealer's clock", () => {
  it("is the state capital's unless the site sets its own", () => {
    expect(dealerTimeZone({ state: 'QLD' })).toBe('Australia/Brisbane');
    expect(dealerTimeZone({ state: 'NSW' })).toBe('Australia/Sydney');
    expect(dealerTimeZone({ state: 'NSW', timeZone: 'Australia/Broken_Hill' })).toBe('Australia/Broken_Hill');
  });

  it('refuses a time zone that does not exist, naming the field', () => {
    expect(() =>
      parseTenantConfig(
        { ...sample, contact: { phone: '02 9000 0000', city: 'Sydney', state: 'NSW', timeZone: 'Australia/Atlantis' } },
        'sample.json',
      ),
    ).toThrow(/contact\.timeZone/);
  });
});
