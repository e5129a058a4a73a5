import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Database } from '@forecourt/data/database';
import { makeFakeBuild } from '@forecourt/test-kit/fake-build';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

let database: Database;
let platform: TestPlatform;

beforeAll(async () => {
  database = await openSharedDatabase();
  platform = await createTestPlatform(database);
  // A build with a chunk large enough to be precompressed at publish.
  const build = await makeFakeBuild(platform.dataDir, { team: 'mf-search', version: '1.1.0' });
  await fs.writeFile(path.join(build, 'chunk.js'), CHUNK);
  await platform.app.registry.publish('mf-search', build);
});
afterAll(async () => {
  await platform.close();
  await clearPlatformTables(database);
  await database.close();
});

const CHUNK = `/* search results chunk */\n${'export const cars = ["Kia Cerato", "Mazda CX-5", "Toyota Hilux"];\n'.repeat(100)}`;
const get = (url: string, headers: Record<string, string> = {}) => platform.app.inject({ method: 'GET', url, headers });

describe('GET /registry/:team/:version/*', () => {
  it('serves a published entry as JavaScript, cacheable forever and from any origin', async () => {
    const response = await get('/registry/mf-search/1.0.0/remoteEntry.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toContain('var mf_search');
  });

  it('serves the federation manifest the build published', async () => {
    const response = await get('/registry/mf-search/1.0.0/mf-manifest.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toMatchObject({ name: 'mf_search', exposes: [expect.objectContaining({ path: './app' })] });
  });

  it('serves the Brotli copy written at publish to a browser that accepts it', async () => {
    const response = await get('/registry/mf-search/1.1.0/chunk.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.rawPayload.length).toBeLessThan(CHUNK.length / 5);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(CHUNK);
  });

  it('serves the gzip copy to a client that takes only gzip, and the file itself to one that takes neither', async () => {
    const gz = await get('/registry/mf-search/1.1.0/chunk.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(CHUNK);
    const plain = await get('/registry/mf-search/1.1.0/chunk.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK);
  });

  it('answers a conditional GET with its ETag with 304 and no body', async () => {
    const first = await get('/registry/mf-search/1.1.0/chunk.js');
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await get('/registry/mf-search/1.1.0/chunk.js', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers HEAD with the length and no body', async () => {
    const response = await platform.app.inject({ method: 'HEAD', url: '/registry/mf-search/1.1.0/chunk.js' });
    expect(response.statusCode).toBe(200);
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(CHUNK));
    expect(response.body).toBe('');
  });

  it('answers a Range request with the bytes asked for', async () => {
    const response = await get('/registry/mf-search/1.1.0/chunk.js', { range: 'bytes=3-8' });
    expect(response.statusCode).toBe(206);
    expect(response.body).toBe(CHUNK.slice(3, 9));
    expect(response.headers['content-range']).toBe(`bytes 3-8/${Buffer.byteLength(CHUNK)}`);
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
