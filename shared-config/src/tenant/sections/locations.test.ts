import { InvalidTenantConfigError, parseTenantConfig } from '../schema';

const valid = {
  slug: 'sample-motors',
  name: 'Sample Motors',
  kind: 'dealer-group',
  logo: { text: 'SM', alt: 'Sample Motors' },
  theme: { primary: '#112233', accent: '#445566' },
  contact: { phone: '07 3555 0000', city: 'Brisbane', state: 'QLD' },
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

describe('the locations switches', () => {
  it('keeps no shown-dealerships list unless a site sets one (every dealership shown)', () => {
    expect(parseTenantConfig(valid, 'sample.json').locations.shownDealerships).toBeUndefined();
  });

  it('refuses an empty shown-dealerships list (a site that shows no location at all), naming the field', () => {
    expect(problemsOf({ ...valid, locations: { shownDealerships: [] } })[0]).toMatchObject({ tenant: 'sample-motors', field: 'locations.shownDealerships' });
  });

  it('refuses a shown dealership that is not a slug, naming the field', () => {
    expect(problemsOf({ ...valid, locations: { shownDealerships: ['Summit Ford'] } })).toEqual([
      { tenant: 'sample-motors', field: 'locations.shownDealerships.0', reason: 'must be lower-case letters, digits and single hyphens' },
    ]);
  });
});
