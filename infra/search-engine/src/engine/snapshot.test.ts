import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IndexStore } from './search-index';
import { decodeSnapshot, encodeSnapshot, readSnapshot, SnapshotError, SnapshotWriter, writeSnapshot } from './snapshot';

const MAKES = ['Toyota', 'Mazda', 'Ford', 'Volkswagen', 'Mercedes-Benz'];
const MODELS = ['Corolla', 'CX-5', 'Ranger', 'Amarok', 'C300'];

function cars(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    objectID: `car-${i}`,
    name: `${MAKES[i % 5]} ${MODELS[i % 5]} ${i % 3 === 0 ? 'ute' : 'hatch'}`,
    make: MAKES[i % 5],
    model: MODELS[i % 5],
    price: 10_000 + ((i * 7919) % 50_000),
    year: 2010 + (i % 15),
    status: i % 4 === 0 ? 'sold' : 'in_stock',
    tags: i % 2 ? ['a', 'b'] : ['c'],
    custom_rank: (i * 31) % 97,
  }));
}

function build(n = 3000): IndexStore {
  const store = new IndexStore();
  store.setSettings('cars', {
    searchableAttributes: ['name', 'make,model'],
    attributesForFaceting: ['make', 'searchable(model)', 'price', 'year', 'status', 'tags'],
    customRanking: ['desc(custom_rank)'],
    replicas: ['cars_price_asc'],
    disableTypoToleranceOnAttributes: ['model'],
  });
  store.setSettings('cars_price_asc', { customRanking: ['asc(price)'] });
  store.saveSynonyms('cars', [{ objectID: 'vw', type: 'synonym', synonyms: ['vw', 'volkswagen'] }], {
    forwardToReplicas: true,
  });
  const index = store.require('cars');
  for (const car of cars(n)) index.saveObject(car);
  // Deletes and replacements leave holes and moved records in the saved structures.
  for (let i = 0; i < n; i += 7) index.deleteObject(`car-${i}`);
  for (let i = 1; i < n; i += 11) index.partialUpdateObject({ objectID: `car-${i}`, price: 99_999, tags: ['d'] });
  store.setSettings('models', { searchableAttributes: ['name'] });
  store.require('models').saveObject({ objectID: 'm1', name: 'Hilux' });
  return store;
}

const QUERIES: Array<[string, Record<string, unknown>]> = [
  ['cars', { query: '', facets: ['*'], hitsPerPage: 30 }],
  ['cars', { query: 'toyta', filters: 'status:in_stock AND price:10000 TO 40000', facets: ['make', 'price'] }],
  ['cars', { query: 'vw amarok', getRankingInfo: true }],
  ['cars', { query: 'cx5', facetFilters: [['make:Mazda', 'make:Ford']] }],
  ['cars', { query: 'ute', numericFilters: ['year>=2015'], page: 2 }],
  ['cars_price_asc', { query: '', filters: 'tags:d OR tags:a', page: 3, facets: ['tags'] }],
  ['cars_price_asc', { query: 'mazd', hitsPerPage: 5 }],
  ['models', { query: 'hilux' }],
];

function answers(store: IndexStore): unknown[] {
  return QUERIES.map(([index, params]) => {
    const { processingTimeMS: _t, ...rest } = store.require(index).search(params);
    return rest;
  });
}

describe('search snapshot', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'search-snapshot-'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('round-trips records, settings, synonyms, replicas and every structure: the same answers', async () => {
    const store = build();
    const file = path.join(dir, 'index.snapshot');
    const meta = await writeSnapshot(file, store, 'fp-1');
    expect(meta.records).toEqual({ cars: store.require('cars').store.size, models: 1 });
    const loaded = await readSnapshot(file);
    expect(loaded?.meta.fingerprint).toBe('fp-1');
    const restored = loaded!.store;
    expect(restored.names()).toEqual(store.names());
    expect(restored.require('cars_price_asc').settings.primary).toBe('cars');
    expect(restored.require('cars_price_asc').store).toBe(restored.require('cars').store);
    expect(restored.require('cars').synonyms.all()).toEqual(store.require('cars').synonyms.all());
    expect(restored.require('cars').describeSettings()).toEqual(store.require('cars').describeSettings());
    expect(answers(restored)).toEqual(answers(store));
  });

  it("makes the snapshot's folder on a first start (a service's new, empty volume)", async () => {
    const file = path.join(dir, 'search-service', 'nested', 'index.snapshot');
    await writeSnapshot(file, build(10), 'fp-new');
    expect((await readSnapshot(file))?.meta.fingerprint).toBe('fp-new');
  });

  it('keeps working after the restore: writes, deletes and settings changes answer as on the original', () => {
    const store = build(500);
    const restored = decodeSnapshot(Buffer.concat(encodeSnapshot(store, null).bytes)).store;
    for (const s of [store, restored]) {
      s.require('cars').saveObject({
        objectID: 'new',
        name: 'Toyota Hilux ute',
        make: 'Toyota',
        model: 'Hilux',
        price: 1,
        status: 'in_stock',
        tags: ['z'],
        custom_rank: 1000,
      });
      s.require('cars').deleteObject('car-3');
      s.setSettings('cars', { attributesForFaceting: ['make', 'price', 'status', 'tags', 'year', 'model'] }, true);
      s.saveSynonyms('cars', [{ objectID: 'ute', type: 'synonym', synonyms: ['ute', 'pickup'] }], {
        forwardToReplicas: true,
      });
    }
    expect(answers(restored)).toEqual(answers(store));
    expect(
      restored
        .require('cars')
        .search({ query: 'pickup hilux' })
        .hits.map((h) => h.objectID),
    ).toEqual(['new']);
  });

  it('saves a restored store again: records read, rewritten, deleted and never touched all come back as they were', () => {
    const store = build(600);
    const restored = decodeSnapshot(Buffer.concat(encodeSnapshot(store, null).bytes)).store;
    for (const s of [store, restored]) {
      const cars = s.require('cars');
      cars.search({ query: 'toyota', hitsPerPage: 50 }); // reads some restored records
      cars.partialUpdateObject({ objectID: 'car-2', price: 12_345 });
      cars.deleteObject('car-5');
      cars.saveObject({
        objectID: 'late',
        name: 'Ford Ranger ute',
        make: 'Ford',
        model: 'Ranger',
        price: 5,
        status: 'in_stock',
        tags: ['c'],
        custom_rank: 1,
      });
    }
    const again = decodeSnapshot(Buffer.concat(encodeSnapshot(restored, null).bytes)).store;
    expect(answers(again)).toEqual(answers(store));
    expect(again.require('cars').getObject('car-2')).toMatchObject({ price: 12_345, make: 'Ford' });
    expect(again.require('cars').getObject('car-5')).toBeUndefined();
    expect(again.require('cars').getObject('car-9')).toEqual(store.require('cars').getObject('car-9'));
  });

  it('a restored posting that grows keeps to its own docs: the next value keeps exactly its own', () => {
    const store = new IndexStore();
    store.setSettings('cars', { attributesForFaceting: ['make'] });
    for (let i = 0; i < 40; i++) store.require('cars').saveObject({ objectID: `c${i}`, make: ['Audi', 'BMW'][i % 2] });
    const restored = decodeSnapshot(Buffer.concat(encodeSnapshot(store, null).bytes)).store;
    for (let i = 40; i < 60; i++) restored.require('cars').saveObject({ objectID: `c${i}`, make: 'Audi' });
    const count = (make: string) =>
      restored.require('cars').search({ facetFilters: [`make:${make}`], hitsPerPage: 0 }).nbHits;
    expect(count('Audi')).toBe(40);
    expect(count('BMW')).toBe(20);
    expect(
      restored
        .require('cars')
        .search({ facetFilters: ['make:BMW'], hitsPerPage: 100 })
        .hits.map((h) => h.objectID),
    ).toEqual(Array.from({ length: 20 }, (_, k) => `c${2 * k + 1}`));
  });

  it('after a restore, a write and the re-ranking it causes parse only the records a search returns', () => {
    const store = build(3000);
    const restored = decodeSnapshot(Buffer.concat(encodeSnapshot(store, null).bytes)).store;
    const parse = jest.spyOn(JSON, 'parse');
    try {
      for (const s of [store, restored])
        s.require('cars').partialUpdateObject({ objectID: 'car-8', custom_rank: 1_000 });
      const hits = (s: IndexStore, index: string) =>
        s
          .require(index)
          .search({ query: '', hitsPerPage: 5 })
          .hits.map((h) => h.objectID);
      parse.mockClear();
      expect(hits(restored, 'cars')).toEqual(hits(store, 'cars'));
      expect(hits(restored, 'cars')[0]).toBe('car-8');
      expect(hits(restored, 'cars_price_asc')).toEqual(hits(store, 'cars_price_asc'));
      // The restored side parsed at most the 10 records it returned; the original parses none.
      expect(parse.mock.calls.length).toBeLessThanOrEqual(10);
    } finally {
      parse.mockRestore();
    }
  });

  it('refuses a truncated, altered or foreign file with a SnapshotError', async () => {
    const bytes = Buffer.concat(encodeSnapshot(build(200), 'fp').bytes);
    expect(() => decodeSnapshot(bytes.subarray(0, bytes.length - 10))).toThrow(SnapshotError);
    const altered = Buffer.from(bytes);
    altered[altered.length - 100] = (altered[altered.length - 100] as number) ^ 0xff;
    expect(() => decodeSnapshot(altered)).toThrow(/checksum/);
    expect(() => decodeSnapshot(Buffer.from('{"not":"a snapshot"}'))).toThrow(SnapshotError);
    expect(await readSnapshot(path.join(dir, 'missing'))).toBeNull();
  });

  it('writes atomically: no temporary file is left and the file is replaced whole', async () => {
    const file = path.join(dir, 'index.snapshot');
    await writeSnapshot(file, build(100), 'a');
    await writeSnapshot(file, build(50), 'b');
    expect(await fs.readdir(dir)).toEqual(['index.snapshot']);
    expect((await readSnapshot(file))?.meta.fingerprint).toBe('b');
  });

  it('SnapshotWriter saves once writes pause, not while paused, and at once with saveNow', async () => {
    const file = path.join(dir, 'index.snapshot');
    const store = build(100);
    const saved: string[] = [];
    const writer = new SnapshotWriter(file, store, {
      delayMs: 20,
      maxDelayMs: 200,
      onSaved: (meta) => saved.push(String(meta.fingerprint)),
    });
    await writer.saveNow('one');
    writer.changed(); // nothing changed since the save
    await new Promise((r) => setTimeout(r, 60));
    expect(saved).toEqual(['one']);
    store.require('cars').saveObject({ objectID: 'x', name: 'x' });
    writer.changed();
    store.require('cars').saveObject({ objectID: 'y', name: 'y' });
    writer.changed();
    await new Promise((r) => setTimeout(r, 100));
    await writer.flush();
    expect(saved).toEqual(['one', 'one']);
    expect((await readSnapshot(file))?.store.require('cars').getObject('y')).toEqual({ objectID: 'y', name: 'y' });
    writer.pause();
    store.require('cars').saveObject({ objectID: 'z', name: 'z' });
    writer.changed();
    await new Promise((r) => setTimeout(r, 60));
    await writer.flush();
    expect(saved).toEqual(['one', 'one']);
    await writer.saveNow('two');
    expect((await readSnapshot(file))?.meta.fingerprint).toBe('two');
  });
});
