import path from 'node:path';
import { InvalidTenantConfigError } from '@forecourt/shared-config/tenant';
import { loadTenants } from './load-tenants';

const fixtures = path.join(__dirname, '__fixtures__');

describe('loadTenants', () => {
  it('loads the five demo dealers from the shipped tenants folder, in file order', async () => {
    const tenants = await loadTenants();
    expect(tenants.map((t) => t.slug)).toEqual([
      'coastal-caravans',
      'harbourside-motors',
      'redgum-used-cars',
      'summit-auto-group',
      'wattle-street-car-yard',
    ]);
  });

  it('switches the finance remote off for the caravan dealer only', async () => {
    const tenants = await loadTenants();
    const withoutFinance = tenants.filter((t) => !t.features['mf-finance']).map((t) => t.slug);
    expect(withoutFinance).toEqual(['coastal-caravans']);
  });

  it('refuses an invalid config naming the tenant, the field and the reason', async () => {
    const error = await loadTenants(path.join(fixtures, 'bad')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidTenantConfigError);
    expect((error as InvalidTenantConfigError).problems).toEqual([
      { tenant: 'broken-motors', field: 'theme.primary', reason: 'must be a colour like #1a2b3c' },
    ]);
    expect((error as Error).message).toContain("tenant 'broken-motors', field 'theme.primary'");
  });

  it('refuses two tenants with the same slug', async () => {
    await expect(loadTenants(path.join(fixtures, 'duplicate'))).rejects.toThrow(
      "tenant 'twin-motors', field 'slug': is used by another tenant",
    );
  });
});
