import type { Database } from './database';
import { findTenantRow, insertTenant, listTenantRows, seedTenantRows, TenantWriteError, updateTenant } from './tenants';
import { openTestDatabase, testEngines } from '@forecourt/test-kit/test-database';

const config = (slug: string, extra: Record<string, unknown> = {}) => ({ slug, name: slug, ...extra });

describe.each(testEngines())('tenants as rows on %s', (engine) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.db.deleteFrom('tenant_domains').execute();
    await database.db.deleteFrom('tenants').execute();
  });

  it('writes each file once: a second seeding keeps the row as it was edited', async () => {
    expect(await seedTenantRows(database.db, [{ slug: 'alpha', config: config('alpha') }], 'files')).toEqual(['alpha']);
    const row = (await findTenantRow(database.db, 'alpha'))!;
    await updateTenant(database.db, { slug: 'alpha', config: config('alpha', { name: 'Edited' }), by: 'ann' });
    const again = [
      { slug: 'alpha', config: config('alpha') },
      { slug: 'beta', config: config('beta') },
    ];
    expect(await seedTenantRows(database.db, again, 'files')).toEqual(['beta']);
    const kept = (await findTenantRow(database.db, 'alpha'))!;
    expect(kept.config).toMatchObject({ name: 'Edited' });
    expect(kept.revision).toBeGreaterThan(row.revision);
    expect((await listTenantRows(database.db)).map((entry) => entry.slug)).toEqual(['alpha', 'beta']);
  });

  it("refuses a domain another tenant holds, naming the domain's field", async () => {
    await insertTenant(database.db, {
      slug: 'alpha',
      config: config('alpha', { domains: ['www.a.example'] }),
      by: 'ann',
    });
    const taken = insertTenant(database.db, {
      slug: 'beta',
      config: config('beta', { domains: ['www.b.example', 'WWW.A.example'] }),
      by: 'ann',
    });
    await expect(taken).rejects.toMatchObject({ code: 'domain-taken', field: 'domains.1' });
    expect(await findTenantRow(database.db, 'beta')).toBeNull();
  });

  it('frees a domain a tenant gives up for another to take', async () => {
    await insertTenant(database.db, {
      slug: 'alpha',
      config: config('alpha', { domains: ['www.a.example'] }),
      by: 'ann',
    });
    await updateTenant(database.db, { slug: 'alpha', config: config('alpha'), by: 'ann' });
    await insertTenant(database.db, {
      slug: 'beta',
      config: config('beta', { domains: ['www.a.example'] }),
      by: 'ann',
    });
    expect((await findTenantRow(database.db, 'beta'))!.config).toMatchObject({ domains: ['www.a.example'] });
  });

  it('refuses an edit made on a revision someone has saved over', async () => {
    const first = await insertTenant(database.db, { slug: 'alpha', config: config('alpha'), by: 'ann' });
    await updateTenant(database.db, {
      slug: 'alpha',
      config: config('alpha', { name: 'One' }),
      by: 'ann',
      revision: first.revision,
    });
    const stale = updateTenant(database.db, {
      slug: 'alpha',
      config: config('alpha', { name: 'Two' }),
      by: 'bob',
      revision: first.revision,
    });
    await expect(stale).rejects.toBeInstanceOf(TenantWriteError);
    await expect(stale).rejects.toMatchObject({ code: 'stale', field: 'revision' });
    expect((await findTenantRow(database.db, 'alpha'))!.config).toMatchObject({ name: 'One' });
  });
});
