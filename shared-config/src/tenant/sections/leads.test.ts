import { InvalidTenantConfigError, parseTenantConfig } from '../schema';

const valid = {
  slug: 'sample-motors',
  name: 'Sample Motors',
  kind: 'used-only',
  logo: { text: 'SM', alt: 'Sample Motors' },
  theme: { primary: '#112233', accent: '#445566' },
  contact: { phone: '03 5300 0000', city: 'Ballarat', state: 'VIC' },
};

function problemsOf(raw: unknown) {
  try {
    parseTenantConfig(raw, 'sample.json');
  } catch (error) {
    if (error instanceof InvalidTenantConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the config to be refused');
}

describe('the leads switches', () => {
  it('values trade-ins online and takes every service booking itself unless a site says otherwise', () => {
    const { leads } = parseTenantConfig(valid, 'sample.json');
    expect(leads.tradeIn).toBe(true);
    expect(leads.manufacturerService).toBeUndefined();
  });

  it('refuses a tradeIn that is not true or false, naming the field', () => {
    expect(problemsOf({ ...valid, leads: { tradeIn: 'no' } })[0]).toMatchObject({ tenant: 'sample-motors', field: 'leads.tradeIn' });
  });

  it("refuses a manufacturer's service booking that is not an https address, naming the field", () => {
    expect(problemsOf({ ...valid, leads: { manufacturerService: { make: 'Ford', url: 'http://ford.example/book' } } })).toEqual([
      { tenant: 'sample-motors', field: 'leads.manufacturerService.url', reason: 'must be an https address' },
    ]);
  });

  it("refuses a manufacturer's service booking without its make, naming the field", () => {
    expect(problemsOf({ ...valid, leads: { manufacturerService: { url: 'https://ford.example/book' } } })[0]).toMatchObject({ field: 'leads.manufacturerService.make' });
  });
});
