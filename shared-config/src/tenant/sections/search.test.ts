import { parseTenantConfig } from '../schema';
import { problemsOfConfig, SAMPLE_TENANT } from '../../testing/tenant-config';

const valid = SAMPLE_TENANT;

describe("the search section's make-list count (spec: 'Make lists show 7 initially (or a popular-makes count on one site)')", () => {
  it('shows 7 makes where the site sets no count', () => {
    expect(parseTenantConfig(valid, 'sample.json').search.makesShown).toBe(7);
  });

  it('takes the site’s own popular-makes count', () => {
    expect(parseTenantConfig({ ...valid, search: { makesShown: 10 } }, 'sample.json').search.makesShown).toBe(10);
  });

  it('refuses a count of no makes, naming the field', () => {
    expect(problemsOfConfig({ ...valid, search: { makesShown: 0 } })[0]?.field).toBe('search.makesShown');
  });
});

describe("the search section's /used-car/... links (spec: 'some used-car sites use /used-car/... instead')", () => {
  it('is off by default', () => {
    expect(parseTenantConfig(valid, 'sample.json').search.usedCarPaths).toBe(false);
  });

  it('is accepted on a site that sells used cars only', () => {
    expect(
      parseTenantConfig({ ...valid, search: { carTypes: ['used'], usedCarPaths: true } }, 'sample.json').search
        .usedCarPaths,
    ).toBe(true);
  });

  it('is refused on a site that also sells new cars, naming the field', () => {
    expect(problemsOfConfig({ ...valid, search: { carTypes: ['new', 'used'], usedCarPaths: true } })).toEqual([
      {
        tenant: 'sample-motors',
        field: 'search.usedCarPaths',
        reason: expect.stringContaining('only for a site that sells used cars only'),
      },
    ]);
  });
});
