import { parseTenantConfig } from '../schema';
import { problemsOfConfig, SAMPLE_TENANT } from '../../testing/tenant-config';

const valid = SAMPLE_TENANT;

describe('the leads switches', () => {
  it('values trade-ins online and takes every service booking itself unless a site says otherwise', () => {
    const { leads } = parseTenantConfig(valid, 'sample.json');
    expect(leads.tradeIn).toBe(true);
    expect(leads.manufacturerService).toBeUndefined();
  });

  it('refuses a tradeIn that is not true or false, naming the field', () => {
    expect(problemsOfConfig({ ...valid, leads: { tradeIn: 'no' } })[0]).toMatchObject({
      tenant: 'sample-motors',
      field: 'leads.tradeIn',
    });
  });

  it("refuses a manufacturer's service booking that is not an https address, naming the field", () => {
    expect(
      problemsOfConfig({ ...valid, leads: { manufacturerService: { make: 'Ford', url: 'http://ford.example/book' } } }),
    ).toEqual([
      { tenant: 'sample-motors', field: 'leads.manufacturerService.url', reason: 'must be an https address' },
    ]);
  });

  it("refuses a manufacturer's service booking without its make, naming the field", () => {
    expect(
      problemsOfConfig({ ...valid, leads: { manufacturerService: { url: 'https://ford.example/book' } } })[0],
    ).toMatchObject({ field: 'leads.manufacturerService.make' });
  });
});
