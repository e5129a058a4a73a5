import { parseTenantConfig } from '../schema';
import { problemsOfConfig, SAMPLE_TENANT } from '../../testing/tenant-config';

// A dealer group: the site with several dealerships.
const valid = {
  ...SAMPLE_TENANT,
  kind: 'dealer-group',
  contact: { phone: '07 3555 0000', city: 'Brisbane', state: 'QLD' },
};

describe('the locations switches', () => {
  it('keeps no shown-dealerships list unless a site sets one (every dealership shown)', () => {
    expect(parseTenantConfig(valid, 'sample.json').locations.shownDealerships).toBeUndefined();
  });

  it('refuses an empty shown-dealerships list (a site that shows no location at all), naming the field', () => {
    expect(problemsOfConfig({ ...valid, locations: { shownDealerships: [] } })[0]).toMatchObject({
      tenant: 'sample-motors',
      field: 'locations.shownDealerships',
    });
  });

  it('refuses a shown dealership that is not a slug, naming the field', () => {
    expect(problemsOfConfig({ ...valid, locations: { shownDealerships: ['Summit Ford'] } })).toEqual([
      {
        tenant: 'sample-motors',
        field: 'locations.shownDealerships.0',
        reason: 'must be lower-case letters, digits and single hyphens',
      },
    ]);
  });
});
