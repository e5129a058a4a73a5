import { sql } from 'kysely';
import type { TenantSettings } from '@forecourt/admin-contract';
import type { Database } from '@forecourt/data/database';
import { tenantChannel } from '@forecourt/data/tenants';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

/**
 * Two instances on one PostgreSQL database: a change made through one is served by the other
 * with no restart, heard through the database's notifications, also after the connection that
 * hears them was cut.
 */
const describeWithPostgres = process.env.DATABASE_URL ? describe : describe.skip;

const SUMMIT = 'summit-auto-group';

describeWithPostgres('tenants on two instances', () => {
  let database: Database;
  let first: TestPlatform;
  let second: TestPlatform;

  beforeAll(async () => {
    database = await openSharedDatabase('postgres');
    await clearPlatformTables(database);
    first = await createTestPlatform(database);
    // The second instance finds the rows the first wrote, as a second server would.
    second = await createTestPlatform(database, { tenantRows: 'none' });
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.close();
  });

  const page = (platform: TestPlatform, tenant: string) =>
    platform.app.inject({ method: 'GET', url: '/', headers: { host: `${tenant}.localhost` } });

  /** The second instance's home page once it shows `text`, or its last page after 10 s. */
  async function secondShows(tenant: string, text: string): Promise<string> {
    const deadline = Date.now() + 10_000;
    let body = '';
    while (Date.now() < deadline) {
      body = (await page(second, tenant)).body;
      if (body.includes(text)) return body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return body;
  }

  async function changePhone(phone: string): Promise<void> {
    const headers = { authorization: `Bearer ${first.operatorToken}` };
    const current = (
      await first.app.inject({ method: 'GET', url: `/_admin/tenants/${SUMMIT}/settings`, headers })
    ).json<TenantSettings>();
    const response = await first.app.inject({
      method: 'PUT',
      url: `/_admin/tenants/${SUMMIT}/settings/contact`,
      headers,
      payload: { revision: current.revision, value: { contact: { ...(current.config.contact as object), phone } } },
    });
    expect(response.statusCode).toBe(200);
  }

  it('serves a tenant created on the first instance on the second', async () => {
    const response = await first.app.inject({
      method: 'POST',
      url: '/_admin/tenants',
      headers: { authorization: `Bearer ${first.operatorToken}` },
      payload: {
        config: {
          slug: 'ridge-4wd',
          name: 'Ridge 4WD Centre',
          kind: 'used-only',
          logo: { text: 'R4', alt: 'Ridge 4WD Centre' },
          theme: { primary: '#2d6a4f', accent: '#ffb703' },
          contact: { phone: '(08) 9444 0100', city: 'Midland', state: 'WA' },
          search: { carTypes: ['used'] },
        },
      },
    });
    expect(response.statusCode).toBe(201);
    const served = await page(second, 'ridge-4wd');
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('Ridge 4WD Centre');
  });

  it("shows an edit made on the first instance in the second's pages", async () => {
    await changePhone('(07) 3111 2222');
    expect(await secondShows(SUMMIT, '(07) 3111 2222')).toContain('(07) 3111 2222');
  });

  it('hears changes again after the connection listening for them is cut', async () => {
    const channel = await tenantChannel(database.db);
    const cut = await sql<{ pid: number }>`select pid from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query like ${`listen "${channel}"%`}
      and pg_terminate_backend(pid)`.execute(database.db);
    expect(cut.rows).toHaveLength(2);
    await changePhone('(07) 3222 3333');
    expect(await secondShows(SUMMIT, '(07) 3222 3333')).toContain('(07) 3222 3333');
  });
});
