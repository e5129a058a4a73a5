import type { Database } from '@forecourt/data/database';
import { createTestPlatform, openSharedDatabase, type TestPlatform } from '@forecourt/test-kit/test-platform';

let database: Database;
let platform: TestPlatform;

beforeAll(async () => {
  database = await openSharedDatabase();
  platform = await createTestPlatform(database);
});
afterAll(async () => {
  await platform.close();
  await database.close();
});

const SITE = { host: 'summit-auto-group.localhost:8080' };
const get = (url: string, remoteAddress: string) =>
  platform.app.inject({ method: 'GET', url, remoteAddress, headers: SITE });

// Production answers none of them (production-config.test.ts).
describe('the development pages', () => {
  it.each([
    '/_dev/outbox.json',
    '/_dev/outbox',
    '/_dev/crm.json',
    '/_dev/crm',
    '/_dev/overrides',
    '/_dev/finance-partner/1',
  ])('refuse %s to another address, 127.0.0.2 included', async (url) => {
    const response = await get(url, '127.0.0.2');
    expect(response.statusCode).toBe(403);
    expect(response.body).toBe('Development pages answer only on this machine (loopback).');
  });

  it("refuse the machine's own non-loopback address (a demo listening on 0.0.0.0)", async () => {
    expect((await get('/_dev/outbox.json', '10.1.2.3')).statusCode).toBe(403);
  });

  it('refuse an encoded path to the same page', async () => {
    expect((await get('/%5Fdev/crm.json', '127.0.0.2')).statusCode).not.toBe(200);
  });

  it('refuse a personal token posted to the override form from another address', async () => {
    const response = await platform.app.inject({
      method: 'POST',
      url: '/_dev/overrides',
      remoteAddress: '127.0.0.2',
      headers: { ...SITE, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'team=mf-search&entry=http%3A%2F%2Flocalhost%3A3001%2FremoteEntry.js&token=fct_guess',
    });
    expect(response.statusCode).toBe(403);
  });

  it('answer this machine', async () => {
    expect((await get('/_dev/outbox.json', '127.0.0.1')).statusCode).toBe(200);
    expect((await get('/_dev/crm.json', '::1')).statusCode).toBe(200);
  });

  it("leave a signed override link and the banner's Clear to any browser", async () => {
    expect((await get('/_dev/override?grant=nonsense', '203.0.113.9')).statusCode).toBe(400);
  });
});

describe('the override form', () => {
  it('takes at most 30 tokens a minute from one address', async () => {
    const post = () =>
      platform.app.inject({
        method: 'POST',
        url: '/_dev/overrides',
        remoteAddress: '127.0.0.1',
        headers: { ...SITE, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'team=mf-search&entry=http%3A%2F%2Flocalhost%3A3001%2FremoteEntry.js&token=fct_guess',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await post()).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
