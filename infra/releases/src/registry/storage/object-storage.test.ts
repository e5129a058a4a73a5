import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import errorHandler from '@forecourt/server/plugins/external/error-handler';
import registryPlugin from '@forecourt/server/plugins/platform/registry';
import registryFilesRoutes from '@forecourt/server/routes/registry-files';
import { makeFakeBuild, tempDir } from '@forecourt/test-kit/fake-build';
import { startTestObjectStorage, type TestObjectStorage } from '@forecourt/test-kit/object-storage-server';
import { ObjectStorage } from './object-storage';

/**
 * Published builds in a real S3-protocol server, shared by two instances of the server, each
 * with its own in-memory cache: what every web instance of a production cluster does.
 */

const CHUNK = `/* search results chunk */\n${'export const cars = ["Kia Cerato", "Mazda CX-5", "Toyota Hilux"];\n'.repeat(100)}`;

let work: string;
const apps: FastifyInstance[] = [];

/** One instance: the registry on the bucket, and the route that serves published files. */
async function startInstance(storage: TestObjectStorage, cacheBytes = 8 * 1024 * 1024): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(registryPlugin, { dataDir: work, storage: { objectStorage: storage.settings, cacheBytes } });
  await app.register(registryFilesRoutes);
  await app.ready();
  apps.push(app);
  return app;
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

beforeEach(async () => {
  work = await tempDir();
});

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await fs.rm(work, { recursive: true, force: true });
});

describe('published builds in object storage, two instances', () => {
  let storage: TestObjectStorage;
  let instanceA: FastifyInstance;
  let instanceB: FastifyInstance;

  beforeEach(async () => {
    storage = await startTestObjectStorage();
    instanceA = await startInstance(storage);
    instanceB = await startInstance(storage);
  });

  afterEach(async () => {
    await storage.close();
  });

  async function publishSearch(version = '1.1.0'): Promise<void> {
    const build = await makeFakeBuild(work, { team: 'mf-search', version });
    await fs.writeFile(path.join(build, 'chunk.js'), CHUNK);
    await instanceA.registry.publish('mf-search', build);
  }

  it('serves from instance B the entry of a build published through instance A', async () => {
    await publishSearch();
    const response = await get(instanceB, '/registry/mf-search/1.1.0/remoteEntry.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.body).toContain('var mf_search');
  });

  it("lists on instance B the version published through instance A, with A's metadata", async () => {
    await publishSearch();
    expect(await instanceB.registry.listVersions('mf-search')).toEqual(['1.1.0']);
    const meta = await instanceB.registry.meta('mf-search', '1.1.0');
    expect(meta?.integrity['remoteEntry.js']).toBe(
      (await instanceA.registry.meta('mf-search', '1.1.0'))?.integrity['remoteEntry.js'],
    );
  });

  it('serves the Brotli copy written at publish to a browser that accepts it', async () => {
    await publishSearch();
    const response = await get(instanceB, '/registry/mf-search/1.1.0/chunk.js', {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.rawPayload.length).toBeLessThan(CHUNK.length / 5);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(CHUNK);
  });

  it('serves the gzip copy to a client that takes only gzip, and the file itself to one that takes neither', async () => {
    await publishSearch();
    const gz = await get(instanceB, '/registry/mf-search/1.1.0/chunk.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(CHUNK);
    const plain = await get(instanceB, '/registry/mf-search/1.1.0/chunk.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK);
  });

  it('gives a file the same ETag on both instances and answers it with 304', async () => {
    await publishSearch();
    const fromA = await get(instanceA, '/registry/mf-search/1.1.0/chunk.js');
    const fromB = await get(instanceB, '/registry/mf-search/1.1.0/chunk.js');
    expect(fromA.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(fromB.headers.etag).toBe(fromA.headers.etag);
    const again = await get(instanceB, '/registry/mf-search/1.1.0/chunk.js', {
      'if-none-match': String(fromA.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers HEAD with the length and no body', async () => {
    await publishSearch();
    const response = await instanceB.inject({ method: 'HEAD', url: '/registry/mf-search/1.1.0/chunk.js' });
    expect(response.statusCode).toBe(200);
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(CHUNK));
    expect(response.body).toBe('');
  });

  it('answers 404, not cached, for a version never published and for a file a build does not have', async () => {
    await publishSearch();
    for (const url of [
      '/registry/mf-search/9.9.9/remoteEntry.js',
      '/registry/mf-search/1.1.0/nope.js',
      '/registry/mf-search/1.1.0/',
      '/registry/mf-evil/1.0.0/remoteEntry.js',
    ]) {
      const response = await get(instanceB, url, { 'accept-encoding': 'br, gzip' });
      expect({ url, status: response.statusCode, cache: response.headers['cache-control'] }).toEqual({
        url,
        status: 404,
        cache: 'no-store',
      });
    }
  });

  it('does not let an encoded ../ reach another key of the bucket', async () => {
    await publishSearch();
    await instanceA.registry.publish('shell', await makeFakeBuild(work, { team: 'shell', version: '1.0.0' }));
    for (const url of [
      '/registry/mf-search/1.1.0/..%2f..%2fshell%2f1.0.0%2fregistry.json',
      '/registry/mf-search/1.1.0/..%5c..%5cshell%5c1.0.0%5cregistry.json',
      '/registry/mf-search/..%2f..%2fshell/1.0.0/registry.json',
    ]) {
      expect({ url, status: (await get(instanceB, url)).statusCode }).toEqual({ url, status: 404 });
    }
  });

  it('shows no build whose files were written but whose manifest was not (a publish that stopped half way)', async () => {
    const bucket = new ObjectStorage(storage.settings);
    await bucket.put('mf-search/2.0.0/remoteEntry.js', Buffer.from('var mf_search;'));
    bucket.close();
    expect((await get(instanceB, '/registry/mf-search/2.0.0/remoteEntry.js')).statusCode).toBe(404);
    expect(await instanceB.registry.listVersions('mf-search')).toEqual([]);
    // Publishing it again completes it, and the instance that saw nothing now sees it.
    await publishSearch('2.0.0');
    expect((await get(instanceB, '/registry/mf-search/2.0.0/remoteEntry.js')).statusCode).toBe(200);
  });

  it('refuses on instance B a version published through instance A', async () => {
    await publishSearch();
    const again = await makeFakeBuild(work, { team: 'mf-search', version: '1.1.0', flavour: 'b' });
    await expect(instanceB.registry.publish('mf-search', again)).rejects.toThrow(
      'mf-search 1.1.0 is already published; versions are immutable',
    );
  });
});

describe('the cache in front of object storage', () => {
  let storage: TestObjectStorage;
  const FILE_BYTES = 6_000;
  const BOUND = 20_000;

  beforeEach(async () => {
    storage = await startTestObjectStorage();
  });

  afterEach(async () => {
    await storage.close();
  });

  it('keeps at most its bound in bytes, and still serves every file', async () => {
    const publisher = await startInstance(storage);
    const small = await startInstance(storage, BOUND);
    const build = await makeFakeBuild(work, { team: 'mf-vehicle', version: '1.0.0' });
    // Images: not compressed at publish, so each file is stored (and cached) at its own size.
    const images = Array.from({ length: 8 }, (_, i) => ({ name: `photo-${i}.png`, bytes: randomBytes(FILE_BYTES) }));
    for (const image of images) await fs.writeFile(path.join(build, image.name), image.bytes);
    await publisher.registry.publish('mf-vehicle', build);

    for (const round of [1, 2]) {
      for (const image of images) {
        const response = await get(small, `/registry/mf-vehicle/1.0.0/${image.name}`);
        expect({
          round,
          file: image.name,
          status: response.statusCode,
          same: response.rawPayload.equals(image.bytes),
        }).toEqual({ round, file: image.name, status: 200, same: true });
        expect(small.registry.files.heldBytes).toBeLessThanOrEqual(BOUND);
      }
    }
    expect(small.registry.files.heldBytes).toBeGreaterThan(2 * FILE_BYTES);
  });

  it('serves a file larger than the whole bound without keeping it', async () => {
    const publisher = await startInstance(storage);
    const small = await startInstance(storage, BOUND);
    const build = await makeFakeBuild(work, { team: 'mf-vehicle', version: '1.0.0' });
    const poster = randomBytes(BOUND * 2);
    await fs.writeFile(path.join(build, 'poster.png'), poster);
    await publisher.registry.publish('mf-vehicle', build);

    const response = await get(small, '/registry/mf-vehicle/1.0.0/poster.png');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(poster)).toBe(true);
    expect(small.registry.files.heldBytes).toBeLessThanOrEqual(BOUND);
  });
});

describe('object storage unreachable', () => {
  it('still serves a build this instance has cached, and answers 503 for one it has not', async () => {
    const storage = await startTestObjectStorage();
    const publisher = await startInstance(storage);
    const reader = await startInstance(storage);
    await publisher.registry.publish('mf-finance', await makeFakeBuild(work, { team: 'mf-finance', version: '1.0.0' }));
    expect((await get(reader, '/registry/mf-finance/1.0.0/remoteEntry.js')).statusCode).toBe(200);

    await storage.close();

    const cached = await get(reader, '/registry/mf-finance/1.0.0/remoteEntry.js');
    expect(cached.statusCode).toBe(200);
    expect(cached.body).toContain('var mf_finance');
    for (const url of ['/registry/mf-finance/1.0.0/mf-manifest.json', '/registry/mf-leads/1.0.0/remoteEntry.js']) {
      const response = await get(reader, url);
      expect({ url, status: response.statusCode, cache: response.headers['cache-control'] }).toEqual({
        url,
        status: 503,
        cache: 'no-store',
      });
    }
  });

  it('answers 503 with Retry-After, not 500, where any route needs a manifest this instance has not read', async () => {
    const storage = await startTestObjectStorage();
    const app = Fastify({ logger: false });
    await app.register(errorHandler);
    await app.register(registryPlugin, {
      dataDir: work,
      storage: { objectStorage: storage.settings, cacheBytes: 1024 * 1024 },
    });
    // What a page, a pin change or a failure report does with a pinned version.
    app.get('/pinned', async () => ({ published: await app.registry.isPublished('mf-search', '1.0.0') }));
    apps.push(app);
    await storage.close();

    const response = await app.inject({ method: 'GET', url: '/pinned' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ error: 'Published builds cannot be read right now; try again shortly' });
  });

  it('gives up on a storage that takes connections and never answers, within its timeouts, with a 503', async () => {
    // Accepts every connection and says nothing: what a wedged service or a dropped route looks like.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const app = Fastify({ logger: false });
      const settings = {
        bucket: 'forecourt-builds',
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        accessKeyId: 'k',
        secretAccessKey: 's',
        forcePathStyle: true,
        timeoutsMs: { connect: 300, request: 300 },
      };
      await app.register(registryPlugin, {
        dataDir: work,
        storage: { objectStorage: settings, cacheBytes: 1024 * 1024 },
      });
      await app.register(registryFilesRoutes);
      apps.push(app);
      const started = Date.now();
      const response = await get(app, '/registry/mf-finance/1.0.0/remoteEntry.js');
      expect(response.statusCode).toBe(503);
      // Two attempts of 300 ms and the SDK's backoff between them (about a second): the bound that
      // matters is the shell's 10 s entry timeout, which a busy machine must not make this reach.
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
