import fc from 'fast-check';
import { sql } from 'kysely';
import { BODY_ROUTES, bodyText, hostileBodies, type BodyContext, type BodyRoute, type BodyValue } from './bodies';
import { startFuzzApp, type FuzzApp } from './fuzz-app';
import { nextAddress, rawRequest, serialise } from './raw-http';

/**
 * Every route that takes a body (POST, PUT, PATCH, DELETE in Fastify's route table) is sent
 * FUZZ_BODY_RUNS (default 300) hostile bodies over real HTTP (bodies.ts), as a signed-in shopper
 * or an administrator where the route needs one. No answer may be a 5xx; and a 400 must be a
 * refusal with no effect: no table gains or loses a row, and the card processor, the SMS gateway
 * and the finance partner are not called.
 */
const BODY_RUNS = Number(process.env.FUZZ_BODY_RUNS ?? 300);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SITE = 'harbourside-motors';
const SHOPPER_PHONE = '0412 555 019';
// Every refused request would otherwise log its error; the assertions say what matters.
process.env.LOG_LEVEL ??= 'silent';

let fuzz: FuzzApp;
let bodyContext: BodyContext;
/** The shopper's session cookie on each site a body route names. */
const sessions = new Map<string, string>();

beforeAll(async () => {
  fuzz = await startFuzzApp();
  for (const site of new Set([
    SITE,
    ...Object.values(BODY_ROUTES).flatMap((route) => (route.site ? [route.site] : [])),
  ]))
    sessions.set(site, await fuzz.signIn(site, SHOPPER_PHONE));
  const shown = fuzz.cars.filter((car) => car.show_on_dealer_website && car.status === 'in_stock' && !car.reserved);
  const signedIn = fuzz.console;
  bodyContext = {
    cars: shown.slice(0, 6).map((car) => ({ id: car.id, slug: car.slug })),
    phone: SHOPPER_PHONE,
    console: {
      accountId: String(signedIn.accountId),
      enrollmentCode: signedIn.enrollmentCode,
      registration: JSON.parse(JSON.stringify(signedIn.registration)) as BodyValue,
      assertion: JSON.parse(JSON.stringify(signedIn.assertion)) as BodyValue,
    },
  };
}, 180_000);

afterAll(async () => {
  await fuzz?.close();
});

/** `METHOD url` of every route of the app that takes a body, from Fastify's route table. */
function bodyRouteKeys(): string[] {
  return [
    ...new Set(
      fuzz.app.routeCatalogue
        .filter((route) => BODY_METHODS.has(route.method))
        .map((route) => `${route.method} ${route.url}`),
    ),
  ];
}

/**
 * Keeps the row count of every table of the database in `fuzz_row_counts`, counted once and then
 * moved by a trigger on every insert and delete, so the counts after each of thousands of
 * requests are one small read rather than a count of every table.
 */
async function countRows(): Promise<string[]> {
  const db = fuzz.database.db;
  const tables = (
    await sql<{
      table_name: string;
    }>`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(
      db,
    )
  ).rows.map((row) => row.table_name);
  await sql`create table fuzz_row_counts (table_name text primary key, n bigint not null)`.execute(db);
  await sql`create function fuzz_count_row() returns trigger language plpgsql as $$
    begin
      update fuzz_row_counts set n = n + (case when tg_op = 'INSERT' then 1 else -1 end) where table_name = tg_table_name;
      return null;
    end $$`.execute(db);
  for (const table of tables) {
    await sql`insert into fuzz_row_counts select ${table}, count(*) from ${sql.table(table)}`.execute(db);
    await sql`create trigger fuzz_count_row after insert or delete on ${sql.table(table)} for each row execute function fuzz_count_row()`.execute(
      db,
    );
  }
  return tables;
}

/**
 * Tables the app writes on its own time, not in a request: the search service's counters (what it
 * answered and when the index was written) are added to the database by a flush every few seconds.
 * A refused request cannot be told apart from that flush by a row count, so they are left out.
 */
const BACKGROUND_TABLES = new Set(['search_latency', 'search_no_hits', 'search_index_state']);

async function rowCounts(): Promise<Record<string, number>> {
  const { rows } = await sql<{
    table_name: string;
    n: string | number;
  }>`select table_name, n from fuzz_row_counts`.execute(fuzz.database.db);
  return Object.fromEntries(rows.map((row) => [row.table_name, Number(row.n)]));
}

/** Path parameters a body route is sent with: real cars and ids, and a scratch index for the search service's writes. */
const BODY_PARAMS: Record<string, () => readonly string[]> = {
  index: () => ['fuzz_scratch'],
  objectID: () => ['fuzz-1'],
  slug: () => bodyContext.cars.map((car) => car.slug),
  id: () => ['6f1c9a52-3b0e-4c3a-9d7e-2a4b5c6d7e8f'],
};

function bodyTarget(url: string, route: BodyRoute): fc.Arbitrary<string> {
  const own = route.params?.(bodyContext) ?? {};
  const parts = url
    .split('/')
    .map((part) =>
      part.startsWith(':')
        ? fc.constantFrom(...(own[part.slice(1)] ?? BODY_PARAMS[part.slice(1)]?.() ?? ['x']))
        : fc.constant(part),
    );
  return fc.tuple(...parts).map((segments) => segments.join('/'));
}

it('fuzzes the body of every route that takes one, by its entry in Fastify\u2019s route table', () => {
  const keys = bodyRouteKeys();
  expect(keys.length).toBeGreaterThan(30);
  expect({
    missing: keys.filter((key) => !(key in BODY_ROUTES)),
    stale: Object.keys(BODY_ROUTES).filter((key) => !keys.includes(key)),
  }).toEqual({ missing: [], stale: [] });
});

it(`answers ${BODY_RUNS} hostile bodies to every body route without a 5xx, and a 400 changes no row and calls no partner`, async () => {
  const tables = await countRows();
  expect(tables).toEqual(expect.arrayContaining(['leads', 'otp_codes', 'reservations', 'watchlist', 'sms_outbox']));
  const only = (process.env.FUZZ_ROUTES ?? '').split(',').filter(Boolean);
  const answered: string[] = [];
  const failures: string[] = [];
  const started = Date.now();
  for (const key of bodyRouteKeys().filter((k) => only.length === 0 || only.some((part) => k.includes(part)))) {
    const [method = 'POST', url = '/'] = key.split(' ');
    const route = BODY_ROUTES[key]!;
    const site = route.site ?? SITE;
    const headers: Array<[string, string]> = route.console ? [] : [['host', `${site}.localhost:${fuzz.context.port}`]];
    if (route.session) headers.push(['cookie', sessions.get(site) ?? '']);
    if (route.admin) headers.push(['authorization', `Bearer ${fuzz.context.operatorToken}`]);
    if (route.stockKey) headers.push(['authorization', `Bearer ${fuzz.context.stockKey}`]);
    if (route.searchAdmin)
      headers.push(['x-algolia-api-key', fuzz.context.adminSearchKey], ['x-algolia-application-id', 'FORECOURT']);
    const counts: Record<number, number> = {};
    // The counts after a 400 are the counts before the next request: a refused request leaves
    // nothing running, and the app's only background writes are BACKGROUND_TABLES'.
    let known: Record<string, number> | null = null;
    const details = await fc.check(
      fc.asyncProperty(
        bodyTarget(url, route),
        hostileBodies(route.example?.(bodyContext) ?? null),
        fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain;charset=UTF-8'),
        async (target, body, type) => {
          const before = { rows: known ?? (await rowCounts()), calls: { ...fuzz.partnerCalls } };
          known = null;
          const wire = Buffer.from(bodyText(body), 'utf8');
          const browser = fuzz.console.browser;
          // The browser's session as it is now: a fuzzed request that signed it out has been followed by a new sign-in.
          const signedIn: Array<[string, string]> = route.console
            ? [
                ['host', fuzz.console.host],
                ['origin', fuzz.console.origin],
                ['cookie', browser.cookie],
                ['x-csrf-token', browser.csrf],
              ]
            : [];
          const response = await rawRequest(
            fuzz.context.port,
            serialise({ method, target, headers: [...headers, ...signedIn, ['content-type', type]], body: wire }),
            15_000,
            route.admin ? undefined : nextAddress(),
          );
          counts[response.status] = (counts[response.status] ?? 0) + 1;
          const said = `${method} ${target} ${wire.subarray(0, 300).toString()} -> ${response.status} ${response.body.subarray(0, 300).toString()}`;
          if (response.status >= 500) throw new Error(said);
          if (response.status === 400) {
            const rows = await rowCounts();
            const changed = tables
              .filter((table) => !BACKGROUND_TABLES.has(table) && rows[table] !== before.rows[table])
              .map((table) => `${table} ${before.rows[table]} -> ${rows[table]}`);
            if (changed.length) throw new Error(`${said}\nrows changed: ${changed.join(', ')}`);
            expect(fuzz.partnerCalls).toEqual(before.calls);
            known = rows;
          }
          if (method === 'DELETE' && url === '/_admin/session' && response.status === 204) await fuzz.console.renew();
        },
      ),
      { numRuns: BODY_RUNS },
    );
    answered.push(`  ${key}: ${JSON.stringify(counts)}`);
    if (details.failed) failures.push(`${key}\n${fc.defaultReportMessage(details) ?? ''}`);
    const after = await fuzz.health();
    if (after.status !== 200) failures.push(`${key}: /api/health answered ${after.status} afterwards`);
  }
  // Printed so a run shows what the bodies reached (a route that only ever answers 401 is a gap) and what the run cost.
  console.log(
    `body fuzz: ${answered.length} routes x ${BODY_RUNS} bodies in ${((Date.now() - started) / 1000).toFixed(0)} s\n${answered.join('\n')}`,
  );
  expect(failures).toEqual([]);
  // The kept counts are the tables' real counts (no write went around the triggers).
  const real: Record<string, number> = {};
  for (const table of tables)
    real[table] = Number(
      (await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)}`.execute(fuzz.database.db))
        .rows[0]?.n,
    );
  expect(await rowCounts()).toEqual(real);
  // No body reached Object.prototype (a `__proto__` or `constructor.prototype` key merged into an object).
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
}, 1_800_000);
