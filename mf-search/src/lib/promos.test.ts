import { placePromos, promoIsLive, promoNodes, promosPerPage, type PromoNode } from './promos';

const node = (id: string, over: Partial<PromoNode> = {}): PromoNode => ({
  id,
  start: null,
  expiry: null,
  position: null,
  display: [],
  strictDisplay: false,
  ...over,
});
const now = new Date('2026-11-23T00:00:00Z');

describe('promo dates (spec: start only after, expiry only before, both between, none always)', () => {
  it.each([
    [{ start: '2026-11-01T00:00:00Z' }, true],
    [{ start: '2026-12-01T00:00:00Z' }, false],
    [{ expiry: '2026-12-01T00:00:00Z' }, true],
    [{ expiry: '2026-11-01T00:00:00Z' }, false],
    [{ start: '2026-11-01T00:00:00Z', expiry: '2026-12-01T00:00:00Z' }, true],
    [{ start: '2026-11-24T00:00:00Z', expiry: '2026-12-01T00:00:00Z' }, false],
    [{}, true],
  ])('%j is live: %s', (dates, live) => {
    expect(promoIsLive({ start: null, expiry: null, ...dates }, now)).toBe(live);
  });
});

describe('promoNodes', () => {
  it('puts positioned nodes first by position, then the rest (shuffled when asked)', () => {
    const nodes = [node('a'), node('b', { position: 2 }), node('c'), node('d', { position: 1 })];
    expect(promoNodes(nodes, [], now).map((n) => n.id)).toEqual(['d', 'b', 'a', 'c']);
    expect(promoNodes(nodes, [], now, (rest) => [...rest].reverse()).map((n) => n.id)).toEqual(['d', 'b', 'c', 'a']);
  });

  it('shows a strictDisplay node only when the selected car types match exactly', () => {
    const strict = node('s', { strictDisplay: true, display: ['used'] });
    expect(promoNodes([strict], ['used'], now)).toHaveLength(1);
    expect(promoNodes([strict], ['used', 'demo'], now)).toHaveLength(0);
    expect(promoNodes([strict], [], now)).toHaveLength(0);
  });

  it("shows no 'new and demo' runout card on a used-only site", () => {
    const runout = node('runout', { display: ['new', 'demo'] });
    expect(promoNodes([runout, node('any')], [], now, undefined, ['used']).map((n) => n.id)).toEqual(['any']);
  });

  it('shows a node for new and demo stock on a site that sells new cars', () => {
    expect(
      promoNodes([node('runout', { display: ['new', 'demo'] })], [], now, undefined, ['new', 'used']),
    ).toHaveLength(1);
  });
});

describe('placePromos', () => {
  const hits = Array.from({ length: 21 }, (_, i) => `car${i + 1}`);

  it('puts cards at slots 8 and 17 of the grid', () => {
    const grid = placePromos(hits, ['P'], { at: [8, 17] });
    expect(grid.flatMap((g, i) => (g.kind === 'promo' ? [i + 1] : []))).toEqual([8, 17]);
    expect(grid.filter((g) => g.kind === 'hit')).toHaveLength(21);
  });

  it('puts a card at slot 9 for the tenant that asks for it', () => {
    expect(placePromos(hits, ['P'], { at: [9] }).findIndex((g) => g.kind === 'promo')).toBe(8);
  });

  it('puts a card after every N results with an interval, cycling the promo counter', () => {
    const grid = placePromos(hits.slice(0, 9), ['A', 'B'], { every: 4 });
    expect(grid.map((g) => (g.kind === 'promo' ? g.promo : '.')).join('')).toBe('....A....B.');
  });

  it('carries the counter on from earlier pages', () => {
    const grid = placePromos(hits, ['A', 'B', 'C'], { at: [8] }, 4);
    expect(grid.find((g) => g.kind === 'promo')).toMatchObject({ promo: 'B' });
  });
});

describe('promosPerPage (the counter carries on across pages)', () => {
  it('counts two cards a page for slots 8 and 17 of 21 results', () => {
    expect(promosPerPage({ at: [8, 17] }, 21)).toBe(2);
  });

  it('agrees with placePromos for an interval on a full page', () => {
    const hits = Array.from({ length: 21 }, (_, i) => i);
    const placed = placePromos(hits, ['P'], { every: 10 }).filter((g) => g.kind === 'promo').length;
    expect(promosPerPage({ every: 10 }, 21)).toBe(placed);
  });

  it('ignores slots past the end of a page', () => {
    expect(promosPerPage({ at: [9, 40] }, 21)).toBe(1);
  });
});
