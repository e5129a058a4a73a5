import fc from 'fast-check';

/**
 * Hostile bodies for every route that takes one. Each route names a body it accepts; the
 * generator breaks that body in one to three places (a NUL or an unpaired surrogate in a field
 * or a key, a huge string, the wrong type, numbers past what JSON or 64 bits hold, nesting
 * thousands deep, prototype-pollution keys, an array where an object goes, a field dropped), so
 * most requests get past the first checks and reach the code behind them. A route added to the
 * app without an entry here fails the fuzz test's coverage check.
 */

/** JSON text that goes on the wire as written: numbers JSON.stringify cannot write (`1e400`, `-0`), nesting deeper than a value should be built. */
export class RawJson {
  constructor(readonly text: string) {}
}

export type BodyValue = null | boolean | number | string | RawJson | BodyValue[] | { [key: string]: BodyValue };

/** What the examples may use to look valid, filled from the running app. */
export interface BodyContext {
  /** Cars of the site the requests name (in stock, shown on its website). */
  cars: ReadonlyArray<{ id: string; slug: string }>;
  /** The phone signed in on the fuzzed sites; routes with `session` send its cookie. */
  phone: string;
  /** The operator signed in to the console (fuzz-app.ts): its account, an unused enrollment code, a registration and an assertion of its passkey. */
  console: { accountId: string; enrollmentCode: string; registration: BodyValue; assertion: BodyValue };
}

export interface BodyRoute {
  /** A body the route accepts; null when the route reads none (it is still sent hostile ones). */
  example: ((context: BodyContext) => BodyValue) | null;
  /** The site whose host the requests name (default: the fuzz's main site). */
  site?: string;
  /** Sent with the signed-in shopper's session cookie. */
  session?: boolean;
  /** Sent with a personal operator token, from the loopback address the admin API answers on. */
  admin?: boolean;
  /** Sent with the fuzz site's Stock API key. */
  stockKey?: boolean;
  /** Sent with the search service's admin key. */
  searchAdmin?: boolean;
  /** Sent to the console's host as the signed-in operator's browser: session cookie, Origin and CSRF token, from an address of its own. */
  console?: boolean;
  /** Path parameters of this route's own, in place of the fuzz's usual ones. */
  params?: (context: BodyContext) => Readonly<Record<string, readonly string[]>>;
}

/** The tenant the fuzz creates and replaces: a site no other route's requests name. */
const FUZZ_TENANT: BodyValue = {
  slug: 'fuzz-motors',
  name: 'Fuzz Motors',
  kind: 'used-only',
  logo: { text: 'FM', alt: 'Fuzz Motors' },
  theme: { primary: '#123456', accent: '#abcdef' },
  contact: { phone: '(02) 9000 0000', city: 'Sydney', state: 'NSW' },
  search: { carTypes: ['used'] },
};

const STOCK_CAR: BodyValue = {
  item_type: 'car',
  car_type: 'used',
  location: 'harbourside-motors-x',
  year: 2021,
  make: 'Toyota',
  model: 'RAV4',
  colour: 'White',
  price: 38_990,
  km: 42_000,
  fuel: 'hybrid',
  body: 'suv',
  transmission: 'automatic',
  seats: 5,
  photos: ['https://cdn.example.com/1.jpg'],
  features: ['Tow bar'],
  sold_at: null,
};

/** Sets a key as an own property, `__proto__` included, as JSON.parse does for an attacker's body. */
function objectOf(entries: ReadonlyArray<readonly [string, BodyValue]>): { [key: string]: BodyValue } {
  const object: { [key: string]: BodyValue } = {};
  for (const [key, value] of entries)
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

/** Serialises a generated body; RawJson goes in verbatim, every key is written as an own key. */
export function bodyText(value: BodyValue): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(bodyText).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${bodyText(item)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

const uuid = '6f1c9a52-3b0e-4c3a-9d7e-2a4b5c6d7e8f';
const carOf = (context: BodyContext, i = 0) =>
  context.cars[i % Math.max(1, context.cars.length)] ?? { id: 'no-car', slug: 'no-car' };
const financeApplication = (context: BodyContext): BodyValue => ({
  data: {
    selfAssessedCreditScore: 'GREAT',
    purchasePrice: 32990,
    loanTerm: 5,
    phoneNumber: context.phone,
    firstName: 'Jo',
    lastName: 'Citizen',
    email: 'jo@example.com',
    year: 2021,
    vin: 'JTDBR32E720123456',
    nvic: 'ABC123',
  },
  additionalData: {
    postCode: '2000',
    subscribe: true,
    whoIsHelping: 'Just me',
    car_id: carOf(context).id,
    dealership_slug: 'harbourside-toyota',
    car_type: 'used',
    tags: ['finance-enquiry'],
    lead_attributes: { visited_pages: ['/finance'], linked_query_params: { utm_source: 'fuzz' } },
    url: '/finance',
  },
});
const search = { searchAdmin: true } as const;
const admin = { admin: true } as const;
const signedInConsole = { console: true } as const;

/** Every route that takes a body (POST, PUT, PATCH, DELETE), by `METHOD url` as Fastify's route table lists it. */
export const BODY_ROUTES: Readonly<Record<string, BodyRoute>> = {
  'POST /1/indexes/:index/queries': {
    ...search,
    example: () => ({
      requests: [{ indexName: 'cars', query: 'ute', hitsPerPage: 5, facets: ['make'], filters: 'price > 0' }],
    }),
  },
  'POST /1/indexes/:index/query': {
    ...search,
    example: () => ({ query: 'ute', hitsPerPage: 5, page: 0, facetFilters: [['make:Toyota']] }),
  },
  'PUT /1/indexes/:index/settings': {
    ...search,
    example: () => ({ searchableAttributes: ['name', 'make'], attributesForFaceting: ['make'] }),
  },
  'POST /1/indexes/:index/synonyms/batch': {
    ...search,
    example: () => [{ objectID: 'fuzz-synonym', type: 'synonym', synonyms: ['ute', 'pickup'] }],
  },
  'POST /1/indexes/:index/synonyms/clear': { ...search, example: null },
  'POST /1/indexes/:index/synonyms/search': { ...search, example: () => ({ query: 'ute', hitsPerPage: 5 }) },
  'PUT /1/indexes/:index/synonyms/:objectID': {
    ...search,
    example: () => ({ objectID: 'fuzz-1', type: 'synonym', synonyms: ['ute', 'pickup'] }),
  },
  'DELETE /1/indexes/:index/synonyms/:objectID': { ...search, example: null },
  'POST /1/indexes/:index/batch': {
    ...search,
    example: () => ({
      requests: [{ action: 'addObject', body: { objectID: 'fuzz-1', name: 'Fuzz car', price: 1000 } }],
    }),
  },
  'POST /1/indexes/:index/clear': { ...search, example: null },
  'DELETE /1/indexes/:index': { ...search, example: null },
  'POST /1/indexes/:index': { ...search, example: () => ({ name: 'Fuzz car', price: 1000 }) },
  'POST /1/indexes/:index/objects': {
    ...search,
    example: () => ({ requests: [{ indexName: 'fuzz', objectID: 'fuzz-1', attributesToRetrieve: ['name'] }] }),
  },
  'PUT /1/indexes/:index/:objectID': { ...search, example: () => ({ name: 'Fuzz car', price: 1000 }) },
  'DELETE /1/indexes/:index/:objectID': { ...search, example: null },
  'POST /1/indexes/:index/:objectID/partial': { ...search, example: () => ({ price: 1200 }) },

  'POST /api/events': {
    example: (c) => ({ eventId: 26, payload: { car_id: carOf(c).id, step: 1, ok: true, note: null }, path: '/cars/x' }),
  },
  'POST /api/auth/send-code': {
    example: (c) => ({
      phone: c.phone,
      first_name: 'Jo',
      last_name: 'Citizen',
      email: 'jo@example.com',
      dealership_slug: 'harbourside-toyota',
    }),
  },
  'POST /api/auth/verify-code': {
    example: (c) => ({ phone: c.phone, code: '000000', dealership_slug: 'harbourside-toyota' }),
  },
  // Without the session cookie: signing out would end the session the other routes use.
  'POST /api/auth/sign-out': { example: null },
  'POST /api/rate-limit': { example: (c) => ({ phone: c.phone }) },
  'POST /api/watchlist/save-car': {
    session: true,
    example: (c) => ({ car_id: carOf(c, 1).id, phone_number: c.phone }),
  },
  'POST /api/watchlist/remove-car': {
    session: true,
    example: (c) => ({ car_id: carOf(c, 1).id, phone_number: c.phone }),
  },
  'POST /api/miscellaneous': {
    example: () => ({ column_name: 'valuation', lead_id: uuid, data: { offer: 12000, status: 'offer' } }),
  },
  'POST /api/delivery-quote': { example: (c) => ({ postcode: '2000', car_id: carOf(c).id }) },
  'POST /api/cars/:slug/views': { example: null },

  'POST /_dev/overrides': {
    example: () => ({ token: '', team: 'mf-search', entry: 'http://localhost:3001/remoteEntry.js', hours: 2 }),
  },
  'POST /_dev/override/clear': { example: null },
  'POST /_admin/publishes': {
    ...admin,
    example: () => ({ team: 'mf-search', version: '1.0.0', forced: false, checks: [], reason: null }),
  },
  'POST /_admin/pins': {
    ...admin,
    example: () => ({ tenant: 'harbourside-motors', team: 'mf-search', version: '1.0.0' }),
  },
  'POST /_admin/rollback': {
    ...admin,
    example: () => ({ tenant: 'harbourside-motors', team: 'mf-search', to: '1.0.0', expected: '1.0.0' }),
  },
  'POST /_admin/canary': {
    ...admin,
    example: () => ({ tenant: 'harbourside-motors', team: 'mf-search', version: '1.0.0', percent: 10 }),
  },
  'POST /_admin/promote': {
    ...admin,
    example: () => ({ tenant: 'harbourside-motors', team: 'mf-search', expected: '1.0.0' }),
  },
  // With a personal token the route is refused (403): only the shared token makes the first operator.
  'POST /_admin/operators/first': { ...admin, example: () => ({ name: 'Fuzz first' }) },
  'POST /_admin/operators': {
    ...admin,
    example: () => ({ name: 'Fuzz viewer', role: 'viewer', tenants: ['harbourside-motors'] }),
  },
  // The id is not a number here (a 400): the fuzz must not deactivate the account it signs in with.
  'POST /_admin/operators/:id/deactivate': { ...admin, example: null },
  'POST /_admin/tokens': { ...admin, example: () => ({ label: 'fuzz', days: 1 }) },
  'POST /_admin/overrides': {
    ...admin,
    example: () => ({
      tenant: 'harbourside-motors',
      team: 'mf-search',
      entry: 'http://localhost:3001/remoteEntry.js',
      hours: 2,
    }),
  },
  'PUT /_admin/synonyms/:objectID': { ...admin, example: () => ({ type: 'synonym', synonyms: ['ute', 'pickup'] }) },
  // Without the token: a re-index takes seconds and the route reads no body.
  'POST /_admin/reindex': { example: null },
  'POST /_admin/lead-delivery/retry': { ...admin, example: () => ({ tenant: 'harbourside-motors' }) },
  'POST /_admin/stock-keys': { ...admin, example: () => ({ tenant: 'harbourside-motors', label: 'fuzz' }) },
  // The id is not a number here (a 400): the fuzz must not revoke the key it writes stock with.
  'POST /_admin/stock-keys/:id/revoke': { ...admin, example: null },
  // The Stock API's schedule schema through the admin API; the URL is one no pull may reach.
  'PUT /_admin/feeds/:tenant/:source': {
    ...admin,
    params: () => ({ tenant: ['harbourside-motors'], source: ['fuzz'] }),
    example: () => ({ url: 'http://10.0.0.1/feed.csv', format: 'meta-auto', interval_minutes: 60 }),
  },
  'DELETE /_admin/feeds/:tenant/:source': {
    ...admin,
    params: () => ({ tenant: ['harbourside-motors'], source: ['fuzz'] }),
    example: null,
  },
  // A tenant's settings: the revision the example names is none the tenant is at (a 409), so a
  // well-formed body changes nothing the other routes' requests rely on; a hostile one is a 400.
  'PUT /_admin/tenants/:tenant/settings/:section': {
    ...admin,
    params: () => ({ tenant: ['harbourside-motors'], section: ['contact', 'nav', 'site'] }),
    example: () => ({
      revision: 0,
      value: { contact: { phone: '(02) 9000 0000', city: 'Sydney', state: 'NSW' } },
    }),
  },
  'PUT /_admin/tenants/:tenant/hours/:location': {
    ...admin,
    params: () => ({ tenant: ['harbourside-motors'], location: ['fuzz'] }),
    example: () => ({
      revision: 0,
      type: 'sales',
      days: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, open: '09:00', close: '17:00' })),
    }),
  },
  // A new tenant of its own: nothing else of the fuzz reads it.
  'POST /_admin/tenants': { ...admin, example: () => ({ config: FUZZ_TENANT }) },
  // A whole configuration over the tenant the fuzz made for it, never a site the other routes use.
  'PUT /_admin/tenants/:tenant': {
    ...admin,
    params: () => ({ tenant: ['fuzz-motors'] }),
    example: () => ({ config: { ...FUZZ_TENANT, name: 'Fuzz Motors Again' } }),
  },
  // No import of the fuzz is quarantined: the id finds none (404), or is no id (400), past a hostile reason.
  'POST /_admin/imports/:id/apply': {
    ...admin,
    example: () => ({ reason: 'The dealer moved half its stock to another yard' }),
  },
  // The Stock API's car schema, broken a field at a time (a location the site lacks makes a valid body a 400 too).
  'PUT /api/stock/v1/cars/:stocknum': { stockKey: true, example: () => STOCK_CAR },
  'PATCH /api/stock/v1/cars/:stocknum': { stockKey: true, example: () => ({ price: 24_990, status: 'sold' }) },
  // It reads no body; hostile ones are sent all the same.
  'DELETE /api/stock/v1/cars/:stocknum': { stockKey: true, example: null },
  // A feed is CSV, TSV or XML (text bodies are refused, 415, before anything is stored), or JSON
  // naming a URL, whose every field the fuzz breaks; the URL it starts from is one no pull may reach.
  'POST /api/stock/v1/imports': {
    stockKey: true,
    example: () => ({ url: 'http://10.0.0.1/feed.csv', format: 'meta-auto', source: 'fuzz' }),
  },
  'PUT /api/stock/v1/feeds/:source': {
    stockKey: true,
    example: () => ({ url: 'http://10.0.0.1/feed.csv', format: 'meta-auto', interval_minutes: 60 }),
  },
  'DELETE /api/stock/v1/feeds/:source': { stockKey: true, example: null },
  'POST /api/stock/v1/batch': {
    stockKey: true,
    example: () => ({
      operations: [
        { method: 'PUT', stocknum: 'FZ-2', car: STOCK_CAR },
        { method: 'PATCH', stocknum: 'FZ-2', changes: { price: 1 } },
        { method: 'DELETE', stocknum: 'FZ-3' },
      ] as BodyValue[],
    }),
  },
  // The console's passkey sign-in and session. The ceremony's routes take no credential; a browser sends its cookie anyway.
  'POST /_admin/operators/:id/enrollment': {
    ...signedInConsole,
    params: (c) => ({ id: [c.console.accountId] }),
    example: () => ({}),
  },
  'POST /_admin/session/enroll/options': { ...signedInConsole, example: (c) => ({ code: c.console.enrollmentCode }) },
  'POST /_admin/session/enroll': {
    ...signedInConsole,
    example: (c) => ({ code: c.console.enrollmentCode, response: c.console.registration, label: 'fuzz laptop' }),
  },
  'POST /_admin/session/options': { ...signedInConsole, example: () => ({}) },
  'POST /_admin/session': { ...signedInConsole, example: (c) => ({ response: c.console.assertion }) },
  // Signs the fuzz's browser out when the request gets through; the fuzz signs in again.
  'DELETE /_admin/session': { ...signedInConsole, example: null },

  'POST /api/vehicle/cars/:slug/reservation': {
    session: true,
    example: (c) => ({
      name: 'Jo Citizen',
      email: 'jo@example.com',
      phone: c.phone,
      terms: true,
      payment: { token: 'tok_sim_4242_0123456789abcdef', last4: '4242' },
    }),
  },
  'DELETE /api/vehicle/reservations/:id': { session: true, example: null },

  'POST /api/finance/enquiry': { site: 'summit-auto-group', session: true, example: financeApplication },
  'POST /api/youx/quote': {
    example: () => ({
      purchasePrice: 30000,
      loanTerm: 5,
      selfAssessedCreditScore: 'GREAT',
      year: 2021,
      vin: 'JTDBR32E720123456',
      whoIsHelping: 'Just me',
    }),
  },
  'POST /api/youx/create-customer': { session: true, example: financeApplication },

  'POST /api/leads/submit': {
    example: (c) => ({
      form: 'enquiry',
      url: `/cars/${carOf(c).slug}`,
      userData: {
        name: 'Jo',
        last_name: 'Citizen',
        email: 'jo@example.com',
        phone: '0412 345 678',
        postcode: '2000',
        message: 'Is it still available?',
        car_id: carOf(c).id,
      },
      lead_attributes: { visited_pages: ['/'], linked_query_params: {} },
    }),
  },
  'POST /api/leads/rego-lookup': { example: () => ({ rego: 'ABC123', regoState: 'NSW' }) },
  'POST /api/leads/offer-accepted': {
    example: () => ({ lead_id: uuid, form_completed: true, offer_accepted: true, subcategory: '3. Offer Accepted' }),
  },
};

const hostileKey = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDFFF',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '',
    'x'.repeat(2000),
  ),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

/**
 * Binary in base64url, as WebAuthn's fields carry it: text that passes a shape check and decodes
 * to hostile bytes (NUL bytes, bytes that are not UTF-8, JSON with NUL and pollution keys).
 */
const hostileBase64Url = fc.constantFrom(
  ...[
    Buffer.from([0, 0, 0]),
    Buffer.from([0xff, 0xfe, 0xfd, 0x00]),
    Buffer.from('{"type":"webauthn.get","challenge":"\u0000","origin":"\u0000"}'),
    Buffer.from('{"__proto__":{"polluted":"yes"},"type":"webauthn.create"}'),
    Buffer.from('{"type":'),
  ].map((bytes) => bytes.toString('base64url')),
);

const hostileLeaf: fc.Arbitrary<BodyValue> = fc.oneof(
  { weight: 1, arbitrary: hostileBase64Url },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '\u0000',
      'Jo\u0000',
      'a\u0000b',
      '\uD800',
      'Jo\uD800',
      '\uDC00x',
      '\uDBFF\uDBFF',
      '\uD83D',
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'x'.repeat(5000),
      'x'.repeat(70_000),
      '<script>alert(1)</script>',
      "'; drop table leads; --",
      '../../etc/passwd',
      '%00',
      '\u202E',
      'Jo \u{1F697} Māori',
      '1e400',
      'NaN',
      'true',
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      -1,
      0,
      1.5,
      -0.5,
      2 ** 31,
      2 ** 53,
      -(2 ** 63),
      1e308,
      -1e308,
      Number.MAX_SAFE_INTEGER + 2,
      99_999_999,
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      new RawJson('1e400'),
      new RawJson('-1e400'),
      new RawJson('-0'),
      new RawJson('123456789012345678901234567890'),
      new RawJson('1e-400'),
    ),
  },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })) },
  { weight: 1, arbitrary: fc.oneof(fc.boolean(), fc.constant(null)) },
);

const deepNesting = fc
  .tuple(fc.integer({ min: 2, max: 5000 }), fc.boolean())
  .map(
    ([depth, arrays]) =>
      new RawJson(
        arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
      ),
  );

/** A value to put anywhere: a hostile leaf, deep nesting, a small hostile array or object, a pollution payload. */
const hostileValue: fc.Arbitrary<BodyValue> = fc.oneof(
  { weight: 6, arbitrary: hostileLeaf },
  { weight: 1, arbitrary: deepNesting },
  { weight: 2, arbitrary: fc.array(hostileLeaf, { maxLength: 3 }) },
  { weight: 2, arbitrary: fc.array(fc.tuple(hostileKey, hostileLeaf), { maxLength: 3 }).map(objectOf) },
  { weight: 1, arbitrary: fc.constant(objectOf([['polluted', 'yes']])) },
);

type Mutation = {
  at: number;
  kind: 'replace' | 'add-key' | 'drop' | 'wrap-in-array' | 'as-string';
  key: string;
  value: BodyValue;
};

const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('replace', 'replace', 'replace', 'add-key', 'drop', 'wrap-in-array', 'as-string'),
  key: hostileKey,
  value: hostileValue,
});

/** Every place in a body (its containers and the key of each item), root first. */
function places(root: {
  body: BodyValue;
}): Array<{ holder: Record<string, BodyValue> | BodyValue[]; key: string | number }> {
  const found: Array<{ holder: Record<string, BodyValue> | BodyValue[]; key: string | number }> = [
    { holder: root as unknown as Record<string, BodyValue>, key: 'body' },
  ];
  const walk = (value: BodyValue) => {
    if (value instanceof RawJson || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        found.push({ holder: value, key: i });
        walk(item);
      });
    } else {
      for (const [key, item] of Object.entries(value)) {
        found.push({ holder: value, key });
        walk(item);
      }
    }
  };
  walk(root.body);
  return found;
}

/** A fresh copy (generated values can be one shared instance), own `__proto__` keys kept. */
function copy(value: BodyValue): BodyValue {
  if (value instanceof RawJson || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copy);
  return objectOf(Object.entries(value).map(([key, item]) => [key, copy(item)] as const));
}

function mutate(example: BodyValue, mutations: readonly Mutation[]): BodyValue {
  const root = { body: copy(example) };
  for (const m of mutations) {
    const all = places(root);
    const { holder, key } = all[m.at % all.length]!;
    const slot = holder as Record<string | number, BodyValue>;
    const current = slot[key]!;
    const value = copy(m.value);
    if (m.kind === 'replace') slot[key] = value;
    else if (m.kind === 'wrap-in-array') slot[key] = [current];
    else if (m.kind === 'as-string') slot[key] = typeof current === 'string' ? Number(current) || 0 : bodyText(current);
    else if (m.kind === 'drop' && key !== 'body') {
      if (Array.isArray(holder)) holder.splice(key as number, 1);
      else delete slot[key];
    } else if (
      m.kind === 'add-key' &&
      current !== null &&
      typeof current === 'object' &&
      !Array.isArray(current) &&
      !(current instanceof RawJson)
    ) {
      Object.defineProperty(current, m.key, { value, enumerable: true, writable: true, configurable: true });
    }
  }
  return root.body;
}

/** Bodies for one route: its example broken in one to three places, mostly; now and then the example itself, something else entirely, or an array of it. */
export function hostileBodies(example: BodyValue | null): fc.Arbitrary<BodyValue> {
  if (example === null)
    return fc.oneof(hostileValue, fc.constant(objectOf([['__proto__', objectOf([['polluted', 'yes']])]])));
  return fc.oneof(
    {
      weight: 12,
      arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }).map((mutations) => mutate(example, mutations)),
    },
    { weight: 1, arbitrary: fc.constant(example) },
    { weight: 1, arbitrary: hostileValue },
    { weight: 1, arbitrary: fc.constant<BodyValue>([example]) },
  );
}
