/**
 * What shoppers type, against demo stock: the seed generator's cars as the indexer writes them
 * (`carToRecord`, the stock index's settings and the car-domain synonyms). Each misspelt, short or
 * differently written query finds what its correct form finds.
 */
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { generateTenantStock } from '@forecourt/demo-data/seed/generate';
import { CAR_SYNONYMS, CARS_INDEX_SETTINGS, carToRecord } from './records';
import { SEARCH_LIMITS } from '@forecourt/search-engine/http/plugin';
import { IndexStore, type SearchIndex } from '@forecourt/search-engine/engine/search-index';
import type { IndexSettings } from '@forecourt/search-engine/engine/settings';
import { prefixTypoDistance, Trie, typoDistance } from '@forecourt/search-engine/engine/typo';

let index: SearchIndex;

beforeAll(async () => {
  const tenants = await loadTenants();
  const store = new IndexStore();
  store.setSettings('cars', CARS_INDEX_SETTINGS as IndexSettings);
  store.saveSynonyms('cars', CAR_SYNONYMS, { forwardToReplicas: true });
  index = store.require('cars');
  tenants.forEach((tenant, i) => {
    for (const car of generateTenantStock(
      tenant,
      { seed: 3, carsPerTenant: 400, now: new Date(Date.UTC(2026, 10, 22)) },
      i,
    ).cars) {
      index.saveObject(carToRecord(car, tenant));
    }
  });
});

const all = (query: string, extra: Record<string, unknown> = {}) =>
  index.search({ query, hitsPerPage: 1000, ...extra });
const idSet = (query: string, extra: Record<string, unknown> = {}) =>
  new Set(all(query, extra).hits.map((h) => h.objectID));
const records = (query: string) => all(query).hits;

describe('typo tolerance, synonyms, splitting and joining on demo stock', () => {
  it('toyta finds what toyota finds, ranked after nothing better', () => {
    const right = idSet('toyota');
    expect(right.size).toBeGreaterThan(20);
    expect(idSet('toyta')).toEqual(right);
    expect(idSet('tyoota')).toEqual(right); // a transposition is one typo
    expect(idSet('toyta', { typoTolerance: false }).size).toBe(0);
  });

  it('pickup and utility find what ute finds; vw what volkswagen finds; merc and benz what mercedes-benz finds', () => {
    const utes = idSet('ute');
    expect(utes.size).toBeGreaterThan(20);
    expect(idSet('pickup')).toEqual(utes);
    expect(idSet('utility')).toEqual(utes);
    expect(idSet('pick-up')).toEqual(utes);
    const vw = idSet('volkswagen');
    expect(vw.size).toBeGreaterThan(5);
    expect(idSet('vw')).toEqual(vw);
    for (const hit of records('vw')) expect(hit.make).toBe('Volkswagen');
    // The demo catalogue sells no Mercedes: two are added for the multi-word synonym.
    index.saveObject({
      objectID: 'benz-1',
      name: '2022 Mercedes-Benz Sprinter',
      make: 'Mercedes-Benz',
      model: 'Sprinter',
      body: 'van',
    });
    index.saveObject({
      objectID: 'benz-2',
      name: '2021 Mercedes-Benz C300',
      make: 'Mercedes-Benz',
      model: 'C300',
      body: 'sedan',
    });
    try {
      expect(idSet('mercedes-benz')).toEqual(new Set(['benz-1', 'benz-2']));
      expect(idSet('merc')).toEqual(idSet('mercedes-benz'));
      expect(idSet('mercedes')).toEqual(idSet('mercedes-benz'));
      expect(idSet('merc sprinter')).toEqual(new Set(['benz-1']));
      expect(idSet('people mover merc')).toEqual(new Set(['benz-1']));
    } finally {
      index.deleteObject('benz-1');
      index.deleteObject('benz-2');
    }
  });

  it('4x4 finds the four-wheel and all-wheel drives', () => {
    const hits = records('4x4');
    expect(hits.length).toBeGreaterThan(20);
    expect(new Set(hits.map((h) => h.drive))).toEqual(new Set(['4WD', 'AWD']));
    expect(idSet('4x4')).toEqual(new Set([...idSet('4wd'), ...idSet('awd')]));
  });

  it('cx5 finds what cx-5 finds, mazda3 what mazda 3 finds', () => {
    const cx5 = idSet('cx-5');
    expect(cx5.size).toBeGreaterThan(5);
    expect(idSet('cx5')).toEqual(cx5);
    expect(idSet('cx 5')).toEqual(cx5);
    const mazda3 = idSet('mazda 3');
    expect([...mazda3].some((id) => records('mazda3').find((h) => h.objectID === id)?.model === 'Mazda3')).toBe(true);
    expect(idSet('mazda3')).toEqual(mazda3);
  });

  it('ranks an exact word before a typo match, and highlights typo and synonym matches', () => {
    index.saveObject({
      objectID: 'typo-only',
      name: 'Toyot Special',
      make: 'Toyot',
      model: 'Special',
      custom_rank: 1_000_000,
    });
    try {
      const result = index.search({ query: 'toyota', getRankingInfo: true, hitsPerPage: 1000 });
      const at = result.hits.findIndex((h) => h.objectID === 'typo-only');
      expect(at).toBe(result.hits.length - 1); // the highest custom_rank, yet last: one typo
      expect(result.hits[at]?._rankingInfo).toMatchObject({ nbTypos: 1 });
      expect(result.hits[0]?._rankingInfo).toMatchObject({ nbTypos: 0 });
      expect(index.search({ query: 'toyota', typoTolerance: 'min' }).nbHits).toBe(result.nbHits - 1);
      expect(index.search({ query: 'toyta', typoTolerance: 'min' }).nbHits).toBe(
        index.search({ query: 'toyta' }).nbHits,
      );
    } finally {
      index.deleteObject('typo-only');
    }
    const [hit] = index.search({ query: 'toyta', attributesToHighlight: ['make'] }).hits;
    expect(hit?._highlightResult).toEqual({
      make: { value: '<em>Toyota</em>', matchLevel: 'full', matchedWords: ['toyta'], fullyHighlighted: true },
    });
    const [ute] = index.search({ query: 'pickup', attributesToHighlight: ['body'] }).hits;
    expect(ute?._highlightResult).toEqual({
      body: { value: '<em>ute</em>', matchLevel: 'full', matchedWords: ['pickup'], fullyHighlighted: true },
    });
  });

  it('takes typo settings and parameters: word sizes, disabled words and attributes, numbers', () => {
    expect(idSet('toyta', { minWordSizefor1Typo: 6 }).size).toBe(0);
    expect(idSet('toyoat', { minWordSizefor1Typo: 4 })).toEqual(idSet('toyota'));
    expect(idSet('toyta', { disableTypoToleranceOnAttributes: ['make', 'name', 'model', 'make_model'] }).size).toBe(0);
    expect(idSet('2020').size).toBeGreaterThan(0);
    expect(idSet('2020', { typoTolerance: true })).toEqual(idSet('2020', { typoTolerance: false })); // no typo on numbers
    expect(() => index.search({ query: 'x', typoTolerance: 'maybe' })).toThrow(
      "typoTolerance: expected true, false, 'min' or 'strict'",
    );
  });
});

describe('typo distance and trie', () => {
  it('counts a transposition as one typo and matches prefixes with typos', () => {
    expect(typoDistance('toyota', 'toyota')).toBe(0);
    expect(typoDistance('tyoota', 'toyota')).toBe(1);
    expect(typoDistance('toyta', 'toyota')).toBe(1);
    expect(typoDistance('hiulx', 'hilux')).toBe(1);
    expect(typoDistance('ab', 'ba')).toBe(1);
    expect(typoDistance('škoda', 'skoda')).toBe(1);
    expect(prefixTypoDistance('toyt', 'toyota')).toBe(1);
    expect(prefixTypoDistance('toy', 'toyota')).toBe(0);
  });

  it('finds exactly the tokens the distance allows', () => {
    const words = [
      'toyota',
      'toy',
      'toyotas',
      'tokyo',
      'hilux',
      'holden',
      'hold',
      'golf',
      'gold',
      'wolf',
      'ranger',
      'range',
      'rangers',
      'ute',
      'utes',
    ];
    const trie = new Trie();
    for (const w of words) trie.add(w);
    for (const query of ['toyta', 'golf', 'rnager', 'hold', 'ut', 'xyz', 't', 'rangerss', 'toyotass', 'toyotatoyota']) {
      for (const prefix of [false, true]) {
        for (const max of [0, 1, 2]) {
          const got = new Map<string, number>();
          trie.search(query, max, prefix, (token, typos) => got.set(token, typos));
          const want = new Map<string, number>();
          for (const w of words) {
            const d = prefix ? prefixTypoDistance(query, w) : typoDistance(query, w);
            if (d <= max) want.set(w, d);
          }
          expect([query, prefix, max, new Map([...got].sort())]).toEqual([
            query,
            prefix,
            max,
            new Map([...want].sort()),
          ]);
        }
      }
    }
  });
});

describe('long words cost no more than short ones', () => {
  // The service refuses a query over 512 bytes; the engine itself must not depend on that.
  // Structures are built on first use: built here, so the budget measures the search alone.
  beforeAll(() => index.warm());
  const within = (query: string) =>
    index.searchWith({ query, hitsPerPage: 1000, raw: {} }, { deadline: performance.now() + SEARCH_LIMITS.searchMs });

  it('answers a 20,000-character word within the time budget of a search', () => {
    expect(within('x'.repeat(20_000)).nbHits).toBe(0);
  });

  it('answers five 20,000-character words within the time budget of a search', () => {
    expect(within(Array.from({ length: 5 }, (_, i) => 'toyota'.repeat(3334).slice(i)).join(' ')).nbHits).toBe(0);
  });

  it('still splits a word into two index words and finds a typo in a long one', () => {
    const split = new Set(within('mazdacx').hits.map((h) => h.objectID));
    expect(split.size).toBeGreaterThan(0);
    expect([...split].every((id) => idSet('mazda cx').has(id))).toBe(true);
    const cruisers = within('landcruser').hits;
    expect(cruisers.length).toBeGreaterThan(0);
    expect(new Set(cruisers.map((h) => h.model))).toEqual(new Set(['LandCruiser']));
  });
});
