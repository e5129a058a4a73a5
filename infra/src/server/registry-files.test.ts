import type { Database } from '../db/database';
import { clearPlatformTables, createTestPlatform, openSharedDatabase, type TestPlatform } from '../testing/test-platform';

let database: Database;
let platform: TestPlatform;

beforeAll(async () => {
  database = await openSharedDatabase();
  platform = await createTestPlatform(database);
});
afterAll(async () => {
  await platform.close();
  await clearPlatformTables(database);
  await database.close();
});

const get = (url: string) => platform.app.inject({ method: 'GET', url });

describe('GET /registry/:team/:version/*', () => {
  it('serves a published entry as JavaScript, cacheable forever and from any origin', async () => {
    const response = await get('/registry/mf-search/1.0.0/remoteEntry.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toContain('var mf_search');
  });

  it('serves the federation manifest as JSON', async () => {
    const response = await get('/registry/mf-search/1.0.0/mf-manifest.json');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('answers 404 for a file that is not there, without caching it', async () => {
    const response = await get('/registry/mf-search/1.0.0/nope.js');
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for a version that was never published', async () => {
    expect((await get('/registry/mf-search/9.9.9/remoteEntry.js')).statusCode).toBe(404);
  });

  it('lists no directory', async () => {
    expect((await get('/registry/mf-search/1.0.0/')).statusCode).toBe(404);
  });

  it('does not let an encoded ../ leave the version folder', async () => {
    for (const url of [
      '/registry/mf-search/1.0.0/..%2f..%2fshell%2f1.0.0%2fregistry.json',
      '/registry/mf-search/1.0.0/%2e%2e/%2e%2e/%2e%2e/admin-token',
      '/registry/mf-search/1.0.0/..%5c..%5cadmin-token',
      '/registry/mf-search/..%2f..%2f/admin-token',
      '/registry/..%2f..%2f/1.0.0/admin-token',
    ]) {
      const response = await get(url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
    }
  });

  it('answers 404 for an unknown team', async () => {
    expect((await get('/registry/mf-evil/1.0.0/remoteEntry.js')).statusCode).toBe(404);
  });
});
