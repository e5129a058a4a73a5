import { Kysely, sql } from 'kysely';
import { migrate } from './database';
import { threadedPGliteDialect } from './pglite-thread';
import type { PlatformTables } from './schema';
import { tempDir } from '@forecourt/test-kit/fake-build';

/** PGlite on its own thread, as the server opens its data dir: one database, on disk, answering over messages. */
let dir: string;
let db: Kysely<PlatformTables>;
beforeAll(async () => {
  dir = await tempDir('forecourt-pglite-thread-');
  db = new Kysely<PlatformTables>({ dialect: await threadedPGliteDialect(dir) });
  await migrate(db);
}, 60_000);
afterAll(async () => {
  await db.destroy();
});

it('keeps what a transaction wrote from statements sent while it is open until it commits', async () => {
  await db.deleteFrom('analytics_events').execute();
  let seenInside = -1;
  const outside: Array<Promise<number>> = [];
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('analytics_events')
      .values({ tenant: 'thread', event_id: 1, path: '/a', payload: '{}' })
      .execute();
    // Sent while the transaction is open: answered after it, so it sees both rows or none.
    outside.push(
      db
        .selectFrom('analytics_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n)),
    );
    await trx
      .insertInto('analytics_events')
      .values({ tenant: 'thread', event_id: 1, path: '/b', payload: '{}' })
      .execute();
    seenInside = Number(
      (
        await trx
          .selectFrom('analytics_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  });
  expect(seenInside).toBe(2);
  expect(await Promise.all(outside)).toEqual([2]);
});

it('rolls a failed transaction back and gives the error with its Postgres code', async () => {
  await db.deleteFrom('analytics_events').execute();
  const failed = db.transaction().execute(async (trx) => {
    await trx
      .insertInto('analytics_events')
      .values({ tenant: 'thread', event_id: 1, path: '/kept', payload: '{}' })
      .execute();
    await sql`select * from no_such_table`.execute(trx);
  });
  await expect(failed).rejects.toMatchObject({ code: '42P01', message: expect.stringContaining('no_such_table') });
  expect(await db.selectFrom('analytics_events').selectAll().execute()).toEqual([]);
});

it('answers statements sent together in the order they were sent', async () => {
  const values = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      sql<{ v: number }>`select ${i}::int as v`.execute(db).then((result) => result.rows[0]!.v),
    ),
  );
  expect(values).toEqual(Array.from({ length: 50 }, (_, i) => i));
});

it('keeps its rows on disk across a close and a reopen', async () => {
  await db.deleteFrom('analytics_events').execute();
  await db
    .insertInto('analytics_events')
    .values({ tenant: 'thread', event_id: 1, path: '/durable', payload: '{"x":1}' })
    .execute();
  await db.destroy();
  db = new Kysely<PlatformTables>({ dialect: await threadedPGliteDialect(dir) });
  const rows = await db.selectFrom('analytics_events').select(['path', 'payload']).execute();
  expect(rows).toEqual([{ path: '/durable', payload: { x: 1 } }]);
}, 60_000);
