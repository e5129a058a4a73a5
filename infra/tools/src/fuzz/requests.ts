import fc from 'fast-check';
import type { RequestParts } from './raw-http';

/**
 * Generators of malformed and near-valid requests for one route. Each request mixes values the
 * route accepts (so it reaches the code behind validation) with the inputs that broke servers
 * before: control bytes and bad escapes in paths, unpaired surrogates, numbers past 32 bits,
 * deep nesting, wrong content types, huge values, hostile headers.
 */

/** What a generated request may use to look valid, filled from the running app. */
export interface FuzzContext {
  port: number;
  tenants: readonly string[];
  /** Known-good values per path parameter name (`carId`, `kind`, `*`, ...). */
  params: Readonly<Record<string, readonly string[]>>;
  searchKey: string;
  adminSearchKey: string;
  operatorToken: string;
  /** A Stock API key of the fuzz's main site. */
  stockKey: string;
  /** The operator console's host and origin, where its routes usually go with the signed-in browser's cookie and CSRF token. */
  console: { host: string; origin: string };
}

/**
 * Stand-ins for the console session's cookie and CSRF token in a generated request, replaced
 * when it is sent (`withConsoleSession`): a fuzzed sign-out ends the session, and the fuzz signs
 * in again, so the values are those of the moment, not of when the request was generated.
 */
const CONSOLE_COOKIE_MARK = '{{console-cookie}}';
const CONSOLE_CSRF_MARK = '{{console-csrf}}';

/** The request with the console session's stand-ins replaced by the browser's cookie and CSRF token. */
export function withConsoleSession(request: RequestParts, browser: { cookie: string; csrf: string }): RequestParts {
  return {
    ...request,
    headers: request.headers.map(
      ([name, value]) =>
        [name, value.replace(CONSOLE_COOKIE_MARK, browser.cookie).replace(CONSOLE_CSRF_MARK, browser.csrf)] as const,
    ),
  };
}

/** The console's own routes: its passkey sign-in, its session, and an account's enrollment code. */
const isConsoleRoute = (url: string) => url.startsWith('/_admin/session') || url.endsWith('/enrollment');

export interface RouteUnderTest {
  url: string;
  methods: readonly string[];
}

const SURROGATE = '\uD800';

/** Path and query pieces that reached a 5xx somewhere in the past, or in some server. */
export const NASTY_PIECES = [
  '%00',
  '%ff',
  '%ED%A0%80',
  '%F0%9F',
  '%',
  '%zz',
  '%2e%2e',
  '..',
  '%2F',
  '%5C',
  '%0d%0a',
  '%u0000',
  ';',
  '"',
  '<script>',
  '${x}',
  '%C3%A9',
  '%F0%9F%98%80',
  'x'.repeat(3000),
] as const;

const NUMBERS = [
  '0',
  '-1',
  '1',
  '16',
  '64',
  '100',
  '1000',
  '2147483648',
  '9007199254740993',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '1.5',
  '',
];

function isUnreserved(byte: number): boolean {
  return (
    (byte >= 0x30 && byte <= 0x39) ||
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x61 && byte <= 0x7a) ||
    byte === 0x2d ||
    byte === 0x2e ||
    byte === 0x5f ||
    byte === 0x7e
  );
}

/** Percent-encodes every byte but the unreserved ones; never throws on lone surrogates. */
export function encodeBytes(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((b) => (isUnreserved(b) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0').toUpperCase()}`))
    .join('');
}

const anyText = fc.string({ unit: 'binary', maxLength: 40 });
const nasty = fc.constantFrom(...NASTY_PIECES);

/** One encoded path segment or query value: usually valid, often hostile. */
function wirePiece(valid: readonly string[]): fc.Arbitrary<string> {
  const validArb = valid.length ? fc.constantFrom(...valid) : fc.constant('x');
  return fc.oneof(
    { weight: 4, arbitrary: validArb },
    { weight: 2, arbitrary: nasty },
    { weight: 2, arbitrary: anyText.map(encodeBytes) },
    { weight: 1, arbitrary: fc.tuple(validArb, nasty).map(([a, b]) => a + b) },
    { weight: 1, arbitrary: fc.constantFrom(...NUMBERS) },
  );
}

/** A JSON-ish value with the hostile strings mixed in. */
const hostileString = fc.oneof(
  anyText,
  fc.constantFrom(SURROGATE, `a${SURROGATE}b`, '\u0000', 'a\u0000b', '\uDFFF', 'x'.repeat(5000), '((((((', ''),
);
const hostileNumber = fc.oneof(fc.integer(), fc.constantFrom(2147483648, 2 ** 53, -1, 0, 1.5, 1e308, -0));
const leaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

function nested(depth: number, open: string, close: string, inner = '1'): string {
  return open.repeat(depth) + inner + close.repeat(depth);
}

const deepJson = fc.oneof(
  fc.integer({ min: 1, max: 20_000 }).map((n) => nested(n, '[', ']')),
  fc.integer({ min: 1, max: 20_000 }).map((n) => nested(n, '{"a":', '}')),
  fc
    .integer({ min: 1, max: 20_000 })
    .map((n) => `{"requests":[{"indexName":"cars","params":${nested(n, '{"a":', '}')}}]}`),
  fc
    .integer({ min: 1, max: 20_000 })
    .map((n) => JSON.stringify({ requests: [{ indexName: 'cars', filters: nested(n, '(', ')', 'price > 0') }] })),
);

const filtersArb = fc.oneof(
  fc.constantFrom(
    'price > 0',
    'make:Toyota AND year >= 2015',
    'NOT status:sold',
    '(make:Mazda OR make:Kia)',
    'price:1000 TO 2000',
    '_tags:x',
    'a:"b',
    'price >',
    '(((',
    'x:y OR',
    '',
  ),
  hostileString,
  fc.integer({ min: 1, max: 20_000 }).map((n) => nested(n, '(', ')', 'price > 0')),
);

const searchRequest = fc.record(
  {
    indexName: fc.oneof(
      fc.constantFrom('cars', 'cars_latest', 'cars_price_asc', 'cars_price_desc', '*', 'other'),
      hostileString,
    ),
    query: hostileString,
    params: fc.oneof(
      fc.constantFrom('query=a&hitsPerPage=1000', 'hitsPerPage=%ED%A0%80', 'filters=(((', 'facets=*'),
      hostileString,
    ),
    hitsPerPage: fc.oneof(hostileNumber, hostileString, fc.constantFrom(0, 1, 20, 1000, 1001)),
    page: fc.oneof(hostileNumber, hostileString),
    filters: filtersArb,
    facets: fc.oneof(fc.constant(['*']), fc.array(hostileString, { maxLength: 5 }), hostileString),
    facetFilters: hostileValue,
    numericFilters: hostileValue,
    attributesToRetrieve: fc.oneof(fc.constant(['*']), hostileValue),
    attributesToHighlight: hostileValue,
    highlightPreTag: hostileString,
  },
  { requiredKeys: [] },
);

/** Bodies shaped like what each route expects, with hostile values; anything else for the rest. */
function shapedBody(url: string): fc.Arbitrary<unknown> {
  if (url === '/api/events') {
    return fc.record(
      {
        eventId: fc.oneof(hostileNumber, hostileString, fc.integer({ min: 1, max: 2 ** 31 - 1 })),
        payload: fc.oneof(fc.dictionary(hostileString, leaf, { maxKeys: 5 }), hostileValue),
        path: fc.oneof(
          hostileString.map((s) => `/${s}`),
          hostileString,
        ),
      },
      { requiredKeys: [] },
    );
  }
  if (url.startsWith('/1/')) {
    return fc.oneof(
      fc.record({ requests: fc.array(searchRequest, { maxLength: 6 }) }, { requiredKeys: [] }),
      searchRequest,
      fc.record({
        requests: fc.array(
          fc.record(
            { action: fc.constantFrom('addObject', 'updateObject', 'deleteObject', 'x'), body: hostileValue },
            { requiredKeys: [] },
          ),
          { maxLength: 4 },
        ),
      }),
      hostileValue,
    );
  }
  if (url.startsWith('/_admin/')) {
    return fc.record(
      {
        tenant: fc.oneof(fc.constantFrom('harbourside-motors', '*'), hostileString),
        team: fc.oneof(fc.constantFrom('mf-search', 'shell'), hostileString),
        version: fc.oneof(fc.constantFrom('1.0.0', '9.9.9'), hostileString),
        to: hostileString,
        expected: fc.oneof(fc.constantFrom('1.0.0', null), hostileString),
      },
      { requiredKeys: [] },
    );
  }
  return hostileValue;
}

function bodyFor(url: string): fc.Arbitrary<Buffer | undefined> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 5, arbitrary: shapedBody(url).map((value) => Buffer.from(JSON.stringify(value) ?? 'null', 'utf8')) },
    { weight: 2, arbitrary: deepJson.map((text) => Buffer.from(text, 'utf8')) },
    { weight: 1, arbitrary: fc.json().map((text) => Buffer.from(text, 'utf8')) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{"eventId": ', '', 'null', '[]', '{"requests": "x"}')
        .map((text) => Buffer.from(text, 'utf8')),
    },
  );
}

const headerValue = fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((s) => s.replace(/[\r\n]/g, ''));
const headerName = fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/);

/**
 * Headers that are usually what the route needs (the dealer's host, JSON, a working key or
 * token), so most requests get past the first check, and otherwise anything at all.
 */
function headersFor(route: RouteUnderTest, context: FuzzContext): fc.Arbitrary<Array<[string, string]>> {
  const tenant = fc.constantFrom(...context.tenants);
  const host = fc.oneof(
    { weight: 6, arbitrary: tenant.map((slug) => `${slug}.localhost:${context.port}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `127.0.0.1:${context.port}`,
        'unknown.example',
        '',
        '[::1]:80',
        '.localhost',
        'a.b.localhost',
        `${'h'.repeat(300)}.localhost`,
        'HARBOURSIDE-MOTORS.LOCALHOST.',
      ),
    },
    { weight: 1, arbitrary: headerValue },
  );
  const sometimes = <T>(arb: fc.Arbitrary<T>, freq: number) => fc.option(arb, { nil: undefined, freq });
  const usually = <T>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<T>) =>
    fc.option(fc.oneof({ weight: 6, arbitrary: valid }, { weight: 2, arbitrary: other }), { nil: undefined, freq: 6 });
  const search = route.url.startsWith('/1/');
  const consoleRoute = isConsoleRoute(route.url);
  const admin = route.url.startsWith('/_admin') && !consoleRoute;
  const stock = route.url.startsWith('/api/stock/');
  const jsonType = fc.constantFrom('application/json', 'text/plain;charset=UTF-8');
  const otherType = fc.constantFrom(
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=latin1',
    'text/html',
    'application/octet-stream',
    '',
    'application/json;;;',
  );
  return fc
    .record({
      host: consoleRoute
        ? fc.oneof({ weight: 6, arbitrary: fc.constant(context.console.host) }, { weight: 2, arbitrary: host })
        : host,
      console: consoleRoute
        ? fc.record({
            origin: usually(fc.constant(context.console.origin), headerValue),
            cookie: usually(
              fc.constant(CONSOLE_COOKIE_MARK),
              fc.oneof(
                headerValue,
                headerValue.map((v) => `__Host-forecourt-console=${v}`),
              ),
            ),
            csrf: usually(fc.constant(CONSOLE_CSRF_MARK), headerValue),
          })
        : fc.constant(null),
      tenant: sometimes(fc.oneof(tenant, headerValue), 3),
      contentType: usually(jsonType, otherType),
      // The console's browser sends no Authorization: now and then one goes with its cookie, to reach the token's rule there.
      auth: admin
        ? usually(
            fc.constant(`Bearer ${context.operatorToken}`),
            fc.oneof(
              headerValue.map((v) => `Bearer ${v}`),
              headerValue,
            ),
          )
        : consoleRoute
          ? fc.oneof(
              { weight: 7, arbitrary: fc.constant(undefined) },
              { weight: 1, arbitrary: fc.oneof(fc.constant(`Bearer ${context.operatorToken}`), headerValue) },
            )
          : stock
            ? usually(
                fc.constant(`Bearer ${context.stockKey}`),
                fc.oneof(
                  headerValue.map((v) => `Bearer ${v}`),
                  headerValue,
                ),
              )
            : sometimes(headerValue, 8),
      algoliaKey: search
        ? usually(fc.constantFrom(context.searchKey, context.searchKey, context.adminSearchKey), headerValue)
        : sometimes(headerValue, 8),
      algoliaApp: search ? usually(fc.constant('FORECOURT'), headerValue) : sometimes(headerValue, 8),
      range: sometimes(
        fc.oneof(
          fc.constantFrom('bytes=0-10', 'bytes=-5', 'bytes=5-', 'bytes=10-0', 'bytes=0-0,1-1,2-2', 'lines=1-2'),
          headerValue,
        ),
        4,
      ),
      ifNoneMatch: sometimes(fc.oneof(fc.constant('*'), headerValue), 4),
      acceptEncoding: sometimes(fc.constantFrom('gzip', 'br', 'gzip, br', 'identity;q=0', '*', 'x'), 2),
      extra: fc.array(fc.tuple(headerName, headerValue), { maxLength: 2 }),
    })
    .map((h) => {
      const headers: Array<[string, string]> = [['host', h.host]];
      if (h.tenant !== undefined) headers.push(['x-forecourt-tenant', h.tenant]);
      if (h.console?.origin !== undefined) headers.push(['origin', h.console.origin]);
      if (h.console?.cookie !== undefined) headers.push(['cookie', h.console.cookie]);
      if (h.console?.csrf !== undefined) headers.push(['x-csrf-token', h.console.csrf]);
      if (h.contentType !== undefined) headers.push(['content-type', h.contentType]);
      if (h.auth !== undefined) headers.push(['authorization', h.auth]);
      if (h.algoliaKey !== undefined) headers.push(['x-algolia-api-key', h.algoliaKey]);
      if (h.algoliaApp !== undefined) headers.push(['x-algolia-application-id', h.algoliaApp]);
      if (h.range !== undefined) headers.push(['range', h.range]);
      if (h.ifNoneMatch !== undefined) headers.push(['if-none-match', h.ifNoneMatch]);
      if (h.acceptEncoding !== undefined) headers.push(['accept-encoding', h.acceptEncoding]);
      for (const [name, value] of h.extra) {
        if (!['host', 'content-length', 'transfer-encoding', 'connection', 'expect', 'upgrade'].includes(name))
          headers.push([name, value]);
      }
      return headers;
    });
}

const QUERY_KEYS = [
  'w',
  'h',
  'q',
  'x-algolia-api-key',
  'x-algolia-application-id',
  'query',
  'page',
  'sortBy',
  'make',
  'price',
  'since',
  'tenant',
  'a[b][c]',
  'a[]',
  '__proto__',
  'constructor',
];

function queryFor(context: FuzzContext): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...QUERY_KEYS) },
    { weight: 1, arbitrary: wirePiece([]) },
  );
  const value = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...NUMBERS) },
    { weight: 1, arbitrary: fc.constantFrom(context.searchKey, 'FORECOURT', '640', '75') },
    { weight: 2, arbitrary: wirePiece([]) },
  );
  return fc
    .oneof(fc.constant([] as Array<[string, string]>), fc.array(fc.tuple(key, value), { maxLength: 5 }))
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));
}

/** Fills `:param` and `*` of a route pattern with generated wire pieces. */
function targetFor(route: RouteUnderTest, context: FuzzContext): fc.Arbitrary<string> {
  const parts = route.url.split('/');
  const pieces = parts.map((part) => {
    if (part.startsWith(':')) return wirePiece(context.params[part.slice(1)] ?? []);
    if (part === '*') {
      const valid = context.params[route.url === '*' ? 'page' : '*'] ?? [];
      return fc.oneof(
        wirePiece(valid),
        fc.array(wirePiece(valid), { minLength: 1, maxLength: 4 }).map((segments) => segments.join('/')),
      );
    }
    return fc.constant(part);
  });
  return fc.tuple(fc.tuple(...pieces), queryFor(context)).map(([segments, query]) => {
    const path = segments.join('/');
    return `${path.startsWith('/') ? path : `/${path}`}${query}`;
  });
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function requestsFor(route: RouteUnderTest, context: FuzzContext): fc.Arbitrary<RequestParts> {
  const method = fc.oneof(
    { weight: 9, arbitrary: fc.constantFrom(...route.methods) },
    { weight: 1, arbitrary: fc.constantFrom('PATCH', 'OPTIONS', 'PUT', 'DELETE', 'TRACE', 'BREW') },
  );
  return fc
    .tuple(method, targetFor(route, context), headersFor(route, context), bodyFor(route.url))
    .map(([m, target, headers, body]) => ({
      method: m,
      target,
      headers,
      body: METHODS_WITH_BODY.has(m) || route.methods.some((r) => METHODS_WITH_BODY.has(r)) ? body : undefined,
    }));
}
