/**
 * Property-based check: the bitset engine and the brute-force reference agree on nbHits, hit
 * order, facet counts and facets_stats for random car-like records, random writes and random
 * queries (filters, facetFilters, numericFilters, text, facets, replicas, paging). Seeded.
 */
import fc from 'fast-check';
import { printFilter, type FilterNode } from './filters';
import { ReferenceIndex } from './reference';
import { IndexStore } from './search-index';
import type { IndexSettings } from './settings';
import type { Json, SearchRecord } from './values';

const MAKES = ['Toyota', 'Mazda', 'Ford', 'Škoda', 'Holden', 'toyota'];
const MODELS = ['Corolla', 'CX-5', 'Ranger', 'Octavia', 'Commodore', 'Hilux', 'Mazda3'];
const BODIES = ['SUV', 'Sedan', 'Ute', 'Hatch'];
const FUELS = ['Petrol', 'Diesel', 'Hybrid', 'Electric'];
const STATUSES = ['in_stock', 'coming_soon', 'sold'];
const TAGS = ['runout sale', 'Test Drive Only', 'demo', 'ex-lease'];
const CITIES = ['Sydney', 'Melbourne', 'Brisbane', 'Perth'];
const STATES = ['NSW', 'VIC', 'QLD', 'WA'];
const COLOURS = ['Red', 'Blue', 'White', 'Silver Metallic'];
const BADGES = ['GX', 'Ascent Sport', 'XLT', 'Maxx Sport', 'RS'];
const WORDS = [
  'toy',
  'toyota',
  'cor',
  'corolla',
  'cx',
  '5',
  'mazda',
  'skoda',
  'škoda',
  'sport',
  'ascent',
  'ranger',
  'xlt',
  'syd',
  'sydney',
  'melb',
  'red',
  'zzz',
  'holden',
  'com',
  'h',
  's',
  'hybrid',
  '2019',
  '20',
];
const STRING_FACETS = [
  'make',
  'model',
  'body',
  'fuel',
  'status',
  'tags',
  'location.state',
  'location.city',
  'colour',
  'badge',
  'certified',
  'year',
];
const NUMERIC_ATTRS = ['price', 'year', 'km', 'custom_rank', 'tags', 'certified', 'missing_attr'];

/**
 * How many of each property's runs to make: all of them run on their own (`npx jest
 * infra/search-engine/src/engine/engine.property`), a third in the whole suite, where this file was the
 * longest (5 to 10 minutes of a CI run on 2 cores). The seeds are fixed, so the suite's runs are
 * the first third of the same cases.
 */
const SCALE = Number(process.env.ENGINE_PROPERTY_SCALE ?? 1);
const runs = (all: number): number => Math.max(10, Math.ceil(all * SCALE));

const maybe = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null | undefined> =>
  fc.oneof({ weight: 6, arbitrary: arb }, fc.constant(null), fc.constant(undefined));

const recordArb = (id: number): fc.Arbitrary<SearchRecord> =>
  fc
    .record({
      make: fc.constantFrom(...MAKES),
      model: fc.constantFrom(...MODELS),
      badge: maybe(fc.constantFrom(...BADGES)),
      body: fc.constantFrom(...BODIES),
      fuel: maybe(fc.constantFrom(...FUELS)),
      year: fc.integer({ min: 2015, max: 2024 }),
      price: maybe(
        fc.oneof(
          fc.integer({ min: 5, max: 60 }).map((n) => n * 1000),
          fc.double({ min: 0, max: 60000, noNaN: true }),
        ),
      ),
      km: maybe(fc.integer({ min: 0, max: 200000 })),
      status: fc.constantFrom(...STATUSES),
      certified: fc.boolean(),
      tags: fc.oneof(fc.constant([] as string[]), fc.subarray(TAGS), fc.constantFrom(...TAGS)),
      colour: maybe(fc.constantFrom(...COLOURS)),
      custom_rank: maybe(fc.integer({ min: 0, max: 5 })),
      city: fc.constantFrom(...CITIES),
      state: fc.constantFrom(...STATES),
    })
    .map((r) => {
      const record: Record<string, Json> = {
        objectID: `car-${id}`,
        name: `${r.year} ${r.make} ${r.model}${r.badge ? ` ${r.badge}` : ''}`,
        make: r.make,
        model: r.model,
        body: r.body,
        year: r.year,
        status: r.status,
        certified: r.certified,
        tags: r.tags,
        location: { city: r.city, state: r.state, name: `${r.city} Motors` },
      };
      for (const key of ['badge', 'fuel', 'price', 'km', 'colour', 'custom_rank'] as const) {
        const v = r[key];
        if (v !== undefined) record[key] = v;
      }
      return record as SearchRecord;
    });

const facetValueArb = fc.oneof(
  fc.constantFrom(
    ...MAKES,
    ...MODELS,
    ...BODIES,
    ...FUELS,
    ...STATUSES,
    ...TAGS,
    ...STATES,
    ...CITIES,
    ...COLOURS,
    ...BADGES,
  ),
  fc.constantFrom('true', 'false', '2019', '2020', 'TOYOTA', 'sedan', 'nope', 'a "quoted" value', 'back\\slash'),
);

const leafArb: fc.Arbitrary<FilterNode> = fc.oneof(
  fc.record({
    kind: fc.constant('facet' as const),
    attribute: fc.constantFrom(...STRING_FACETS),
    value: facetValueArb,
  }),
  fc.record({
    kind: fc.constant('numeric' as const),
    attribute: fc.constantFrom(...NUMERIC_ATTRS),
    op: fc.constantFrom('<' as const, '<=' as const, '=' as const, '!=' as const, '>=' as const, '>' as const),
    value: fc.oneof(
      fc.integer({ min: 2014, max: 2025 }),
      fc.integer({ min: 0, max: 60 }).map((n) => n * 1000),
      fc.integer({ min: -1, max: 6 }),
      fc.double({ min: -10, max: 70000, noNaN: true, noDefaultInfinity: true }),
    ),
  }),
  fc.record({
    kind: fc.constant('range' as const),
    attribute: fc.constantFrom(...NUMERIC_ATTRS),
    low: fc.integer({ min: 0, max: 60 }).map((n) => n * 1000),
    high: fc.integer({ min: 0, max: 60 }).map((n) => n * 1000),
  }),
  fc.record({
    kind: fc.constant('range' as const),
    attribute: fc.constant('year'),
    low: fc.integer({ min: 2014, max: 2025 }),
    high: fc.integer({ min: 2014, max: 2025 }),
  }),
);

const treeArb: fc.Arbitrary<FilterNode> = fc.letrec<{ node: FilterNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leafArb,
    fc.record({ kind: fc.constant('and' as const), children: fc.array(tie('node'), { minLength: 2, maxLength: 3 }) }),
    fc.record({ kind: fc.constant('or' as const), children: fc.array(tie('node'), { minLength: 2, maxLength: 3 }) }),
    fc.record({ kind: fc.constant('not' as const), child: tie('node') }),
  ),
})).node;

const facetFilterString = fc
  .tuple(fc.constantFrom(...STRING_FACETS), facetValueArb, fc.boolean())
  .map(([a, v, neg]) => `${a}:${neg ? '-' : ''}${v}`);
const numericFilterString = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('price', 'year', 'km'),
      fc.constantFrom('<', '<=', '=', '!=', '>=', '>'),
      fc.integer({ min: 0, max: 60000 }),
    )
    .map(([a, o, v]) => `${a}${o}${v}`),
  fc
    .tuple(
      fc.constantFrom('price', 'year'),
      fc.integer({ min: 2000, max: 40000 }),
      fc.integer({ min: 2000, max: 60000 }),
    )
    .map(([a, l, h]) => `${a}:${l} TO ${h}`),
);
const nestedList = (s: fc.Arbitrary<string>) =>
  fc.array(fc.oneof(s, fc.array(s, { minLength: 1, maxLength: 3 })), { maxLength: 3 });

const queryArb = fc.record(
  {
    indexName: fc.constantFrom('cars', 'cars_price_asc', 'cars_year_desc'),
    query: fc.oneof(
      { weight: 2, arbitrary: fc.constant('') },
      {
        weight: 5,
        arbitrary: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
      },
      fc.constantFrom('Škoda Oct', 'CX-5 max', '  toyota,  ', 'MAZDA3', 'ford ranger x'),
    ),
    filters: fc.oneof(
      fc.constant(undefined),
      treeArb.map(printFilter),
      fc.constantFrom(
        'status:in_stock OR status:coming_soon',
        'NOT certified:false AND price > 10000',
        'make:"Škoda" OR (year:2018 TO 2020 AND NOT fuel:Diesel)',
      ),
    ),
    facetFilters: fc.oneof(fc.constant(undefined), nestedList(facetFilterString)),
    numericFilters: fc.oneof(fc.constant(undefined), nestedList(numericFilterString)),
    facets: fc.oneof(
      fc.constant(undefined),
      fc.constant(['*']),
      fc.subarray(['make', 'model', 'price', 'year', 'tags', 'location.state', 'certified', 'colour', 'km', 'badge']),
    ),
    maxValuesPerFacet: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
    hitsPerPage: fc.option(fc.integer({ min: 0, max: 25 }), { nil: undefined }),
    page: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
    offset: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
    length: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
  },
  { requiredKeys: ['indexName', 'query'] },
);

type Op =
  | { kind: 'put'; id: number }
  | { kind: 'partial'; id: number; price: number | null; create: boolean }
  | { kind: 'delete'; id: number };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('put' as const), id: fc.integer({ min: 0, max: 70 }) }),
  fc.record({
    kind: fc.constant('partial' as const),
    id: fc.integer({ min: 0, max: 70 }),
    price: fc.option(fc.integer({ min: 0, max: 60000 })),
    create: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('delete' as const), id: fc.integer({ min: 0, max: 70 }) }),
);

const settingsArb = fc.record({
  searchableAttributes: fc.constantFrom<Array<string[] | undefined>>(
    ['name', 'make,model', 'unordered(badge)', 'location.name'],
    ['unordered(model)', 'make', 'location.city'],
    undefined,
  ),
  customRanking: fc.constantFrom(['desc(custom_rank)'], ['desc(custom_rank)', 'asc(km)'], [] as string[], [
    'asc(make)',
  ]),
  paginationLimitedTo: fc.constantFrom(1000, 1000, 7),
});

function setup(
  settings: { searchableAttributes?: string[]; customRanking: string[]; paginationLimitedTo: number },
  extra: IndexSettings = {},
) {
  const base: IndexSettings = {
    ...extra,
    ...(settings.searchableAttributes ? { searchableAttributes: settings.searchableAttributes } : {}),
    attributesForFaceting: [
      'make',
      'searchable(model)',
      'body',
      'fuel',
      'status',
      'certified',
      'year',
      'price',
      'km',
      'tags',
      'location.state',
      'location.city',
      'filterOnly(colour)',
    ],
    customRanking: settings.customRanking,
    paginationLimitedTo: settings.paginationLimitedTo,
  };
  const store = new IndexStore();
  store.setSettings('cars', { ...base, replicas: ['cars_price_asc', 'cars_year_desc'] });
  store.setSettings('cars_price_asc', { customRanking: ['asc(price)'] });
  store.setSettings('cars_year_desc', { customRanking: ['desc(year)', 'asc(price)'] });
  const refs = {
    cars: new ReferenceIndex('cars', base),
    cars_price_asc: new ReferenceIndex('cars_price_asc', { ...base, customRanking: ['asc(price)'] }),
    cars_year_desc: new ReferenceIndex('cars_year_desc', { ...base, customRanking: ['desc(year)', 'asc(price)'] }),
  };
  return { store, refs };
}

const seen = { compared: 0, textWithHits: 0, filtersWithHits: 0, multiPageText: 0, facetValues: 0, stats: 0 };

function compare(
  store: IndexStore,
  refs: Record<string, ReferenceIndex>,
  query: Record<string, unknown> & { indexName: string },
  text?: typeof seenText,
) {
  const { indexName, ...params } = query;
  const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
  const got = store.require(indexName).search(clean);
  const want = (refs[indexName] as ReferenceIndex).search(clean);
  expect({ nbHits: got.nbHits, nbPages: got.nbPages, page: got.page, ids: got.hits.map((h) => h.objectID) }).toEqual({
    nbHits: want.nbHits,
    nbPages: want.nbPages,
    page: want.page,
    ids: want.hits.map((h) => h.objectID),
  });
  expect(got.facets).toEqual(want.facets);
  expect(Object.keys(got.facets_stats ?? {}).sort()).toEqual(Object.keys(want.facets_stats ?? {}).sort());
  for (const [attr, s] of Object.entries(want.facets_stats ?? {})) {
    const g = got.facets_stats?.[attr];
    expect(g?.min).toBe(s.min);
    expect(g?.max).toBe(s.max);
    expect(g?.sum).toBeCloseTo(s.sum, 3);
    expect(g?.avg).toBeCloseTo(s.avg, 3);
  }
  expect(got.hits).toEqual(want.hits);
  if (text) {
    text.compared++;
    if (got.nbHits > 0) text.withHits++;
    if (got.hits.length > 1) text.ranked++;
    const info = store
      .require(indexName)
      .search({ ...clean, getRankingInfo: true })
      .hits.map((h) => h._rankingInfo as { nbTypos: number; proximityDistance: number; nbExactWords: number });
    if (info.some((i) => i.nbTypos > 0)) text.typoHits++;
    if (new Set(info.map((i) => i.nbTypos)).size > 1) text.mixedTypos++;
    if (new Set(info.map((i) => `${i.proximityDistance}/${i.nbExactWords}`)).size > 1) text.mixedTies++;
    return;
  }
  seen.compared++;
  if (got.query.trim() !== '' && got.nbHits > 0) seen.textWithHits++;
  if (got.query.trim() !== '' && got.nbHits > 3 && got.hits.length > 1) seen.multiPageText++;
  if ((query.filters || query.facetFilters || query.numericFilters) && got.nbHits > 0) seen.filtersWithHits++;
  seen.facetValues += Object.values(got.facets ?? {}).reduce((n, f) => n + Object.keys(f).length, 0);
  seen.stats += Object.keys(got.facets_stats ?? {}).length;
}

const seenText = { compared: 0, withHits: 0, ranked: 0, typoHits: 0, mixedTypos: 0, mixedTies: 0 };

afterAll(() => {
  // The generators must reach the interesting cases, not just empty results.
  expect(seen.textWithHits).toBeGreaterThan(seen.compared / 10);
  expect(seen.filtersWithHits).toBeGreaterThan(seen.compared / 10);
  // Counts in proportion to the runs made (SCALE): all of them give 114 multi-page text
  // results of 5,576 compared, 1,892 facet stats, 17 mixed typo counts and 68 mixed ties.
  expect(seen.multiPageText).toBeGreaterThan(seen.compared / 100);
  expect(seen.stats).toBeGreaterThan(500 * SCALE);
  console.log('property coverage', seen);
  console.log('text property coverage', seenText);
  expect(seenText.withHits).toBeGreaterThan(seenText.compared / 5);
  expect(seenText.typoHits).toBeGreaterThan(seenText.compared / 20);
  expect(seenText.mixedTypos).toBeGreaterThan(10 * SCALE);
  expect(seenText.mixedTies).toBeGreaterThan(20 * SCALE);
});

describe('engine vs brute-force reference', () => {
  it('agrees on random records, writes and queries', () => {
    const dataArb = fc.integer({ min: 0, max: 60 }).chain((n) =>
      fc.record({
        records: fc.tuple(...Array.from({ length: n }, (_, i) => recordArb(i))),
        extra: fc.array(fc.tuple(fc.integer({ min: 0, max: 70 }), recordArb(0)), { maxLength: 8 }),
        ops: fc.array(opArb, { maxLength: 12 }),
      }),
    );
    fc.assert(
      fc.property(
        settingsArb,
        dataArb,
        fc.array(queryArb, { minLength: 1, maxLength: 4 }),
        (settings, data, queries) => {
          const { store, refs } = setup(settings);
          const all = Object.values(refs);
          const primary = store.require('cars');
          for (const r of data.records) {
            primary.saveObject(r);
            for (const ref of all) ref.put(r);
          }
          // Interleave a query before the writes so the incremental paths are exercised.
          compare(store, refs, queries[0] as Record<string, unknown> & { indexName: string });
          let extra = 0;
          for (const op of data.ops) {
            const objectID = `car-${op.id}`;
            if (op.kind === 'put') {
              const [, template] = data.extra[extra++ % Math.max(1, data.extra.length)] ?? [0, data.records[0]];
              if (!template) continue;
              const record = { ...template, objectID };
              primary.saveObject(record);
              for (const ref of all) ref.put(record);
            } else if (op.kind === 'partial') {
              const changes = {
                objectID,
                price: op.price,
                km: { _operation: 'Increment', value: 1000 },
              } as unknown as SearchRecord;
              primary.partialUpdateObject(changes, op.create);
              for (const ref of all) ref.partial(changes, op.create);
            } else {
              primary.deleteObject(objectID);
              for (const ref of all) ref.delete(objectID);
            }
          }
          for (const q of queries) compare(store, refs, q as Record<string, unknown> & { indexName: string });
        },
      ),
      { seed: 20240611, numRuns: runs(1500) },
    );
  });

  it('agrees at a larger size (fewer runs)', () => {
    fc.assert(
      fc.property(
        settingsArb,
        fc
          .array(fc.integer({ min: 0, max: 1000 }), { minLength: 200, maxLength: 600 })
          .chain((ids) => fc.tuple(...[...new Set(ids)].map((i) => recordArb(i)))),
        fc.array(queryArb, { minLength: 3, maxLength: 6 }),
        (settings, records, queries) => {
          const { store, refs } = setup(settings);
          for (const r of records) {
            store.require('cars').saveObject(r);
            for (const ref of Object.values(refs)) ref.put(r);
          }
          for (const q of queries) compare(store, refs, q as Record<string, unknown> & { indexName: string });
        },
      ),
      { seed: 7, numRuns: runs(100) },
    );
  });
});

/* Typos, synonyms, splitting/joining and the ranking order, against the same reference. */

const TEXT_MAKES = [
  'Toyota',
  'Mazda',
  'Mercedes-Benz',
  'Volkswagen',
  'Holden',
  'Ford',
  'Škoda',
  'Hyundai',
  'Land Rover',
];
const TEXT_MODELS = [
  'Corolla',
  'CX-5',
  'CX 5',
  'Mazda3',
  'Mazda 3',
  'Hilux',
  'Amarok',
  'Ranger',
  'Octavia',
  'Commodore',
  'Sprinter',
  'Golf',
  'Accent',
  'Range Rover',
];
const TEXT_BADGES = [
  '4x4',
  '4WD',
  'AWD',
  'Pickup',
  'Ute',
  'Utility',
  'SR5',
  'Hatch',
  'Hatchback',
  'Auto',
  'Automatic',
  'GTI',
  'Ascent',
  'Sport',
  'Sports',
];
const VOCAB = [
  'toyota',
  'mazda',
  'mercedes',
  'benz',
  'volkswagen',
  'holden',
  'ford',
  'skoda',
  'corolla',
  'cx',
  '5',
  'mazda3',
  '3',
  'hilux',
  'amarok',
  'ranger',
  'octavia',
  'commodore',
  'sprinter',
  'golf',
  '4x4',
  '4wd',
  'awd',
  'pickup',
  'ute',
  'utility',
  'sr5',
  'hatch',
  'hatchback',
  'auto',
  'automatic',
  'gti',
  'sydney',
  'melbourne',
  'motors',
  '2019',
  'accent',
  'ascent',
  'range',
  'rover',
  'sport',
  'sports',
  'hyundai',
  'land',
];
const SYNONYMS = [
  { objectID: 'ute', type: 'synonym', synonyms: ['ute', 'pickup', 'utility'] },
  { objectID: '4x4', type: 'synonym', synonyms: ['4x4', '4wd', 'awd'] },
  { objectID: 'vw', type: 'synonym', synonyms: ['vw', 'volkswagen'] },
  { objectID: 'merc', type: 'synonym', synonyms: ['merc', 'mercedes', 'mercedes-benz'] },
  { objectID: 'hatch', type: 'synonym', synonyms: ['hatch', 'hatchback'] },
  { objectID: 'auto', type: 'onewaysynonym', input: 'auto', synonyms: ['automatic'] },
  { objectID: 'workhorse', type: 'onewaysynonym', input: 'work horse', synonyms: ['hilux', 'ranger ute'] },
];

const textRecordArb = (id: number): fc.Arbitrary<SearchRecord> =>
  fc
    .record({
      make: fc.constantFrom(...TEXT_MAKES),
      model: fc.constantFrom(...TEXT_MODELS),
      badges: fc.subarray(TEXT_BADGES, { maxLength: 2 }),
      year: fc.integer({ min: 2017, max: 2021 }),
      city: fc.constantFrom(...CITIES),
      custom_rank: maybe(fc.integer({ min: 0, max: 3 })),
      price: fc.integer({ min: 5, max: 60 }).map((n) => n * 1000),
    })
    .map((r) => {
      const record: Record<string, Json> = {
        objectID: `car-${id}`,
        name: `${r.year} ${r.make} ${r.model} ${r.badges.join(' ')}`.trim(),
        make: r.make,
        model: r.model,
        badge: r.badges.join(' '),
        year: r.year,
        price: r.price,
        location: { city: r.city, state: 'NSW', name: `${r.city} Motors` },
      };
      if (r.custom_rank !== undefined) record.custom_rank = r.custom_rank;
      return record as SearchRecord;
    });

/** A vocabulary word with up to two random edits (swap, delete, insert, substitute). */
const typoWordArb = fc
  .tuple(
    fc.constantFrom(...VOCAB),
    fc.array(
      fc.tuple(
        fc.constantFrom('swap', 'delete', 'insert', 'substitute'),
        fc.nat(20),
        fc.constantFrom('a', 'e', 'o', 'x', '3'),
      ),
      { maxLength: 2 },
    ),
  )
  .map(([word, edits]) => {
    let w = [...word];
    for (const [kind, at, ch] of edits) {
      const i = at % Math.max(1, w.length);
      if (kind === 'swap' && i + 1 < w.length)
        w = [...w.slice(0, i), w[i + 1] as string, w[i] as string, ...w.slice(i + 2)];
      if (kind === 'delete' && w.length > 1) w = [...w.slice(0, i), ...w.slice(i + 1)];
      if (kind === 'insert') w = [...w.slice(0, i), ch, ...w.slice(i)];
      if (kind === 'substitute') w = [...w.slice(0, i), ch, ...w.slice(i + 1)];
    }
    return w.join('');
  });

const rarely = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, arb);

const textQueryArb = fc.record(
  {
    indexName: fc.constantFrom('cars', 'cars_price_asc'),
    query: fc.oneof(
      { weight: 4, arbitrary: typoWordArb },
      {
        weight: 2,
        arbitrary: fc
          .array(fc.oneof(typoWordArb, fc.constantFrom(...VOCAB)), { minLength: 2, maxLength: 3 })
          .map((w) => w.join(' ')),
      },
      fc.constantFrom(
        'ranger',
        'accent',
        'sport',
        'toyta',
        'toyota',
        'pickup',
        'ute',
        'vw',
        'volkswagen',
        '4x4',
        'merc',
        'mercedes benz',
        'cx5',
        'cx-5',
        'mazda3',
        'mazda 3',
        'work horse',
        'hatch auto',
        'corolal',
        'toyota corola',
        'cx 5 mazda',
        'mazda3 hatchbak',
        'sydny toyota',
        'volkswagen amarok 4wd',
      ),
    ),
    typoTolerance: rarely(fc.constantFrom(true, false, 'min', 'strict', 'true', 'false')),
    disableTypoToleranceOnAttributes: rarely(fc.constantFrom(['model'], ['location'], ['name', 'make'])),
    filters: rarely(fc.constantFrom('year >= 2019', 'price < 30000', 'make:Toyota OR make:Mazda')),
    facets: rarely(fc.constant(['make', 'year'])),
    hitsPerPage: rarely(fc.integer({ min: 1, max: 30 })),
    page: rarely(fc.integer({ min: 0, max: 2 })),
  },
  { requiredKeys: ['indexName', 'query'] },
);

const textSettingsArb = fc.record({
  minWordSizefor1Typo: fc.constantFrom(3, 4, 4),
  minWordSizefor2Typos: fc.constantFrom(6, 8, 8),
  typoTolerance: fc.constantFrom<Array<boolean | 'min' | 'strict'>>(true, true, 'min', 'strict', false),
  disableTypoToleranceOnAttributes: fc.constantFrom([] as string[], [] as string[], ['badge']),
  disableTypoToleranceOnWords: fc.constantFrom([] as string[], ['hilux']),
  allowTyposOnNumericTokens: fc.boolean(),
});

describe('engine vs brute-force reference: typos, synonyms, splitting/joining, ranking', () => {
  it('agrees on random car records, typo settings, synonyms and misspelt queries', () => {
    fc.assert(
      fc.property(
        settingsArb,
        textSettingsArb,
        fc.subarray(SYNONYMS),
        fc
          .integer({ min: 10, max: 60 })
          .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => textRecordArb(i)))),
        fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 5 }),
        fc.array(textQueryArb, { minLength: 1, maxLength: 5 }),
        (settings, typoSettings, synonyms, records, deletes, queries) => {
          const { store, refs } = setup(settings, typoSettings);
          const all = Object.values(refs);
          store.saveSynonyms('cars', synonyms, { forwardToReplicas: true, replace: true });
          for (const ref of all) ref.synonyms = synonyms;
          for (const r of records) {
            store.require('cars').saveObject(r);
            for (const ref of all) ref.put(r);
          }
          compare(store, refs, queries[0] as Record<string, unknown> & { indexName: string }, seenText);
          // Deleted records leave dead tokens in the trie: they must not match nor highlight.
          for (const id of deletes) {
            store.require('cars').deleteObject(`car-${id}`);
            for (const ref of all) ref.delete(`car-${id}`);
          }
          for (const q of queries) compare(store, refs, q as Record<string, unknown> & { indexName: string }, seenText);
        },
      ),
      { seed: 1414, numRuns: runs(600) },
    );
  });
});
