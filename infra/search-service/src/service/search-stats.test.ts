import type { Database } from '@forecourt/data/database';
import { NO_HIT_QUERIES_PER_HOUR, p95FromClasses, searchStats } from '@forecourt/data/search-stats';
import { openTestDatabase, testEngines } from '@forecourt/test-kit/test-database';
import { normalizeQuery, SearchStatsRecorder } from './search-stats';

describe('p95FromClasses', () => {
  it('is the smallest class bound holding 95 % of the requests', () => {
    expect(p95FromClasses([])).toBeNull();
    expect(
      p95FromClasses([
        { leMs: 5, count: 94 },
        { leMs: 50, count: 6 },
      ]),
    ).toBe(50);
    expect(
      p95FromClasses([
        { leMs: 50, count: 5 },
        { leMs: 5, count: 95 },
      ]),
    ).toBe(5);
    // Past the last bound: reported as the last bound (the p95 is at least that).
    expect(
      p95FromClasses([
        { leMs: 1, count: 1 },
        { leMs: -1, count: 99 },
      ]),
    ).toBe(5000);
  });
});

describe('normalizeQuery', () => {
  it('counts a query lower-cased, trimmed, its spaces collapsed, at most 100 characters', () => {
    expect(normalizeQuery('  Toyota   HILUX ')).toBe('toyota hilux');
    expect(normalizeQuery('x'.repeat(300))).toHaveLength(100);
  });
});

describe.each(testEngines())('search stats on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await database.close();
  });

  let n = 0;
  const tenant = () => `tenant-${engine}-${++n}`;
  const keyOf = (slug: string) => `tenant:"${slug}" AND visible_until > 1 AND show_on_dealer_website:true`;
  const now = new Date();
  const read = (slug: string) =>
    searchStats(database.db, {
      tenants: [slug],
      latencySince: new Date(now.getTime() - 3600_000),
      noHitsSince: new Date(now.getTime() - 86_400_000),
    });

  it('adds the counts of several instances together', async () => {
    const t = tenant();
    const instances = [new SearchStatsRecorder(database.db), new SearchStatsRecorder(database.db)];
    for (const recorder of instances) {
      recorder.searched({ keyFilters: keyOf(t), ms: 3, queries: [{ indexName: 'cars', query: 'ute', nbHits: 0 }] });
      recorder.searched({ keyFilters: keyOf(t), ms: 40, queries: [{ indexName: 'cars', query: 'hilux', nbHits: 4 }] });
    }
    await Promise.all(instances.map((recorder) => recorder.flush()));
    const [stats] = (await read(t)).tenants;
    expect(stats).toMatchObject({ searches: 4, p95Ms: 50, topNoHits: [{ query: 'ute', count: 2 }] });
  });

  it('writes, when flushed during a flush, what was counted after that flush began too', async () => {
    const t = tenant();
    const recorder = new SearchStatsRecorder(database.db);
    recorder.searched({ keyFilters: keyOf(t), ms: 1, queries: [{ indexName: 'cars', query: 'zonda', nbHits: 0 }] });
    // A flush under way (the recorder's timer's, say) when more searches come and flush is asked.
    const underWay = recorder.flush();
    recorder.searched({ keyFilters: keyOf(t), ms: 1, queries: [{ indexName: 'cars', query: 'lambo', nbHits: 0 }] });
    await recorder.flush();
    await underWay;
    const [stats] = (await read(t)).tenants;
    expect(stats).toMatchObject({
      searches: 2,
      topNoHits: [
        { query: 'lambo', count: 1 },
        { query: 'zonda', count: 1 },
      ],
    });
  });

  it('counts a query as no-hit only when none of its forms in the request found anything, and never an empty one', async () => {
    const t = tenant();
    const recorder = new SearchStatsRecorder(database.db);
    recorder.searched({
      keyFilters: keyOf(t),
      ms: 1,
      queries: [
        { indexName: 'cars', query: 'Ranger', nbHits: 3 },
        { indexName: 'cars', query: 'ranger', nbHits: 0 },
      ],
    });
    recorder.searched({ keyFilters: keyOf(t), ms: 1, queries: [{ indexName: 'cars', query: '', nbHits: 0 }] });
    recorder.searched({ keyFilters: null, ms: 1, queries: [{ indexName: 'cars', query: 'nobody', nbHits: 0 }] });
    await recorder.flush();
    const [stats] = (await read(t)).tenants;
    expect(stats).toMatchObject({ searches: 2, topNoHits: [] });
  });

  it(`keeps at most ${NO_HIT_QUERIES_PER_HOUR} distinct no-hit queries a tenant an hour, however many instances add them`, async () => {
    const t = tenant();
    const made = (recorder: SearchStatsRecorder, from: number, count: number) => {
      for (let i = from; i < from + count; i += 1)
        recorder.searched({
          keyFilters: keyOf(t),
          ms: 1,
          queries: [{ indexName: 'cars', query: `made up ${i}`, nbHits: 0 }],
        });
    };
    const one = new SearchStatsRecorder(database.db);
    const other = new SearchStatsRecorder(database.db);
    made(one, 0, 200);
    made(other, 200, 200);
    await one.flush();
    await other.flush();
    const rows = await database.db.selectFrom('search_no_hits').select('query').where('tenant', '=', t).execute();
    expect(rows).toHaveLength(NO_HIT_QUERIES_PER_HOUR);
    // A query the hour already holds is still counted.
    made(other, 0, 1);
    await other.flush();
    const first = await database.db
      .selectFrom('search_no_hits')
      .select('count')
      .where('tenant', '=', t)
      .where('query', '=', 'made up 0')
      .executeTakeFirstOrThrow();
    expect(Number(first.count)).toBe(2);
  });

  it("keeps each tenant's last write and the snapshot's last save, the latest of every instance's", async () => {
    const t = tenant();
    const early = new SearchStatsRecorder(database.db, { clock: () => new Date('2026-11-27T09:00:00Z') });
    const late = new SearchStatsRecorder(database.db, { clock: () => new Date('2026-11-27T10:00:00Z') });
    late.wrote([{ objectID: '1', tenant: t }]);
    late.snapshotSaved();
    await late.flush();
    early.wrote([{ objectID: '2', tenant: t }, { objectID: '3' }]);
    early.snapshotSaved();
    await early.flush();
    const stats = await read(t);
    expect(stats.tenants[0]?.lastWrite?.toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect(stats.snapshotSavedAt?.getTime()).toBeGreaterThanOrEqual(new Date('2026-11-27T10:00:00Z').getTime());
  });
});
