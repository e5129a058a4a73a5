import fc from 'fast-check';
import { startFuzzApp, type FuzzApp } from './fuzz-app';
import { nextAddress, rawRequest, serialise } from './raw-http';
import { requestsFor, withConsoleSession, type RouteUnderTest } from './requests';

/**
 * Every route the app serves gets FUZZ_RUNS (default 300) generated malformed or near-valid
 * requests over real HTTP, written byte for byte: hostile paths, queries, headers and bodies.
 * Bad input must never be a 5xx, and the server must stay healthy throughout. A failure prints
 * fast-check's seed and the shrunk request, so it can be replayed as a plain test.
 */
// 300 a route in the suite (about a minute of CPU, minutes of waiting on a busy machine); FUZZ_RUNS=5000 for a deeper search.
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
// Every refused request would otherwise log its error; the assertions say what matters.
process.env.LOG_LEVEL ??= 'silent';
// The events rate limit would answer most of that route's requests 429 before reading them;
// the limit has its own test, and here every request should reach the validation.
process.env.FORECOURT_EVENTS_PER_MINUTE = '1000000';

let fuzz: FuzzApp;
let routes: RouteUnderTest[];

beforeAll(async () => {
  fuzz = await startFuzzApp();
  const byUrl = new Map<string, Set<string>>();
  for (const { method, url } of fuzz.app.routeCatalogue) byUrl.set(url, (byUrl.get(url) ?? new Set()).add(method));
  // FUZZ_ROUTES=/_admin,/media narrows a run to the routes whose URL contains one of the parts.
  const only = (process.env.FUZZ_ROUTES ?? '').split(',').filter(Boolean);
  routes = [...byUrl]
    .map(([url, methods]) => ({ url, methods: [...methods] }))
    .filter((r) => only.length === 0 || only.some((part) => r.url.includes(part)));
}, 180_000);

afterAll(async () => {
  await fuzz?.close();
});

it('serves a catalogue of routes that includes every kind the platform has', () => {
  const urls = fuzz.app.routeCatalogue.map((r) => r.url);
  for (const expected of [
    '/api/events',
    '/api/health',
    '/1/indexes/:index/queries',
    '/media/:kind/:file',
    '/registry/:team/:version/*',
    '/*',
  ]) {
    expect(urls).toContain(expected);
  }
});

it(`answers ${RUNS} generated malformed requests to every route without a 5xx, and stays healthy`, async () => {
  const answered: string[] = [];
  const failures: string[] = [];
  for (const route of routes) {
    const counts: Record<number, number> = {};
    const details = await fc.check(
      fc.asyncProperty(requestsFor(route, fuzz.context), async (generated) => {
        const request = withConsoleSession(generated, fuzz.console.browser);
        // The console's ceremony is limited per address: each request comes from one of its own, as the console's browsers do.
        const address = route.url.startsWith('/_admin/session') ? nextAddress() : undefined;
        const response = await rawRequest(fuzz.context.port, serialise(request), 15_000, address);
        // A sign-out that got through ended the browser's session: sign in again for the next requests.
        if (request.method === 'DELETE' && request.target.startsWith('/_admin/session') && response.status === 204)
          await fuzz.console.renew();
        counts[response.status] = (counts[response.status] ?? 0) + 1;
        if (response.status >= 500) {
          throw new Error(
            `${request.method} ${request.target.slice(0, 200)} -> ${response.status} ${response.body.subarray(0, 200).toString()}`,
          );
        }
      }),
      { numRuns: RUNS },
    );
    answered.push(`  ${route.methods.join(',')} ${route.url}: ${JSON.stringify(counts)}`);
    if (details.failed) failures.push(`${route.url}\n${fc.defaultReportMessage(details) ?? ''}`);
    const after = await fuzz.health();
    if (after.status !== 200) failures.push(`${route.url}: /api/health answered ${after.status} afterwards`);
  }
  // Printed so a run shows what the generators reached (a route that only ever 404s is a gap).
  console.log(`fuzz: ${routes.length} routes x ${RUNS} requests\n${answered.join('\n')}`);
  expect(failures).toEqual([]);
}, 1_800_000);
