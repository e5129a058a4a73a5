import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addressRefusal, OutboundFetch, type OutboundError, type OutboundPolicy } from './outbound-fetch';

/**
 * The safe fetch against real local servers: loopback stands for the private network it must not
 * reach in production, and names are given addresses by an injected resolver (no DNS is asked).
 */
let server: http.Server;
let origin: string;
let port: number;
let hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    if (request.url === '/feed.csv')
      return response.writeHead(200, { 'content-type': 'text/csv' }).end('vehicle_id\nA-1\n');
    if (request.url === '/to-loopback')
      return response.writeHead(302, { location: `http://127.0.0.1:${port}/feed.csv` }).end();
    if (request.url === '/big') {
      // Larger than the limit and undeclared: the cap applies while reading.
      response.writeHead(200, { 'content-type': 'text/csv' });
      response.write(Buffer.alloc(4096, 'a'));
      return response.end(Buffer.alloc(4096, 'a'));
    }
    if (request.url === '/silent') return undefined;
    return response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  hits = [];
});

/** Names under example. resolve to loopback, where the test server is. */
const resolve: OutboundPolicy['resolve'] = async (hostname) =>
  hostname.endsWith('.example') ? [{ address: '127.0.0.1', family: 4 }] : [];
const production: OutboundPolicy = { allowLoopback: false, allowHosts: ['feeds.allowed.example'], resolve };
// Time enough for a busy machine: these tests are about what is refused or stopped, and a
// refusal that waited would still show, as 'timeout' instead of 'refused'. The one test about
// time sets its own limit against a server that never answers.
const LIMITS = { timeoutMs: 10_000, maxBytes: 1024 };

async function failure(policy: OutboundPolicy, url: string, limits = LIMITS): Promise<OutboundError> {
  const fetcher = new OutboundFetch(policy);
  try {
    const response = await fetcher.get(url, limits);
    for await (const piece of response.body) void piece;
  } catch (error) {
    return error as OutboundError;
  } finally {
    await fetcher.close();
  }
  throw new Error(`${url} was fetched`);
}

async function text(policy: OutboundPolicy, url: string): Promise<{ status: number; body: string }> {
  const fetcher = new OutboundFetch(policy);
  try {
    const response = await fetcher.get(url, LIMITS);
    const pieces: Buffer[] = [];
    for await (const piece of response.body) pieces.push(piece);
    return { status: response.status, body: Buffer.concat(pieces).toString() };
  } finally {
    await fetcher.close();
  }
}

describe('addressRefusal', () => {
  it.each([
    ['10.0.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['172.16.0.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['169.254.169.254', 'link local'],
    ['100.64.0.1', 'carrier grade nat'],
    ['224.0.0.1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'link local'],
    ['fd00::1', 'unique local'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::', 'unspecified'],
  ])('refuses %s as %s', (address, range) => {
    expect(addressRefusal(address, { allowLoopback: false })).toBe(`a ${range} address`);
  });

  it('allows public addresses', () => {
    expect(addressRefusal('93.184.216.34', { allowLoopback: false })).toBeNull();
    expect(addressRefusal('2606:4700::1111', { allowLoopback: false })).toBeNull();
  });
});

describe('OutboundFetch in production', () => {
  it('refuses a private address in the URL before connecting', async () => {
    const error = await failure(production, 'http://10.0.0.1/feed.csv');
    // 'refused', not 'timeout': nothing waited for an address that would never answer.
    expect(error).toMatchObject({
      problem: 'refused',
      message: expect.stringContaining('10.0.0.1 is a private address'),
    });
  });

  it('refuses a name that resolves to loopback', async () => {
    const error = await failure(production, `http://feeds.rebound.example:${port}/feed.csv`);
    expect(error).toMatchObject({
      problem: 'refused',
      message: expect.stringContaining('feeds.rebound.example resolves to 127.0.0.1, a loopback address'),
    });
    expect(hits).toEqual([]);
  });

  it('refuses a redirect to loopback from an allowed host', async () => {
    const error = await failure(production, `http://feeds.allowed.example:${port}/to-loopback`);
    expect(error).toMatchObject({
      problem: 'refused',
      message: expect.stringMatching(
        /^http:\/\/127\.0\.0\.1:\d+\/feed\.csv \(a redirect from .*\) was refused: 127\.0\.0\.1 is a loopback address/,
      ),
    });
    expect(hits).toEqual(['/to-loopback']);
  });

  it('fetches an allow-listed host whatever it resolves to', async () => {
    expect(await text(production, `http://feeds.allowed.example:${port}/feed.csv`)).toEqual({
      status: 200,
      body: 'vehicle_id\nA-1\n',
    });
  });

  it('refuses a scheme other than http and https', async () => {
    expect(await failure(production, 'file:///etc/passwd')).toMatchObject({ problem: 'scheme' });
  });
});

describe('OutboundFetch in development', () => {
  const development: OutboundPolicy = { allowLoopback: true, allowHosts: [] };

  it('fetches loopback', async () => {
    expect(await text(development, `${origin}/feed.csv`)).toEqual({ status: 200, body: 'vehicle_id\nA-1\n' });
  });

  it('still refuses the private network', async () => {
    expect(await failure(development, 'http://192.168.0.10/feed.csv')).toMatchObject({ problem: 'refused' });
  });

  it('stops reading past the size limit', async () => {
    expect(await failure(development, `${origin}/big`)).toMatchObject({
      problem: 'too-large',
      message: expect.stringContaining('1024 bytes'),
    });
  });

  it('gives up on a server that does not answer in time', async () => {
    expect(await failure(development, `${origin}/silent`, { timeoutMs: 200, maxBytes: 1024 })).toMatchObject({
      problem: 'timeout',
      message: expect.stringContaining('200 ms'),
    });
  });
});
