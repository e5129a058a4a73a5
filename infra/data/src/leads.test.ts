import type { Database } from './database';
import { bookedTestDrives, LeadWriter, storeLead, type LeadInput } from './leads';
import { openTestDatabase, testEngines } from '@forecourt/test-kit/test-database';

describe.each(testEngines())('storing leads on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await database.close();
  });

  let n = 0;
  const tenant = () => `leads-${engine}-${++n}`;
  const lead = (site: string, overrides: Partial<LeadInput> = {}): LeadInput => ({
    tenant: site,
    form: 'enquiry',
    payload: { userData: { name: 'Jo' } },
    phoneDigits: '0412345678',
    idempotency: null,
    ...overrides,
  });
  const hourAgo = () => new Date(Date.now() - 60 * 60 * 1000);
  const outboxRows = async (site: string) =>
    (await database.db.selectFrom('lead_outbox').select('lead_id').where('tenant', '=', site).execute()).length;

  it('stores a lead over its phone limit not at all, and says so', async () => {
    const site = tenant();
    const phoneLimit = { max: 2, since: hourAgo() };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await storeLead(database.db, lead(site, { phoneLimit }))).status);
    expect(answers).toEqual(['stored', 'stored', 'limited']);
    expect(await outboxRows(site)).toBe(2);
  });

  it('counts only the leads since the limit window began', async () => {
    const site = tenant();
    await storeLead(database.db, lead(site));
    await storeLead(database.db, lead(site));
    expect(
      (await storeLead(database.db, lead(site, { phoneLimit: { max: 2, since: new Date(Date.now() + 1000) } }))).status,
    ).toBe('stored');
  });

  it('limits a lead with a fresh idempotency key like any other, and still answers a retry of a stored one', async () => {
    const site = tenant();
    const phoneLimit = { max: 1, since: hourAgo() };
    const first = await storeLead(
      database.db,
      lead(site, { phoneLimit, idempotency: { key: 'key-0001', bodyHash: 'a' } }),
    );
    expect(first.status).toBe('stored');
    expect(
      (await storeLead(database.db, lead(site, { phoneLimit, idempotency: { key: 'key-0003', bodyHash: 'a' } })))
        .status,
    ).toBe('limited');
    expect(
      await storeLead(database.db, lead(site, { phoneLimit, idempotency: { key: 'key-0001', bodyHash: 'a' } })),
    ).toEqual(first.status === 'stored' ? { status: 'replayed', leadId: first.leadId } : null);
    expect(await outboxRows(site)).toBe(1);
  });

  // Each through its own call (on PostgreSQL each its own transaction on its own connection, as
  // from several servers), and through one writer that batches them.
  const concurrently = {
    'separate transactions': (inputs: LeadInput[]) => Promise.all(inputs.map((input) => storeLead(database.db, input))),
    'one batching writer': (inputs: LeadInput[]) => {
      const writer = new LeadWriter(database.db);
      return Promise.all(inputs.map((input) => writer.store(input)));
    },
    'two batching writers': (inputs: LeadInput[]) => {
      const writers = [new LeadWriter(database.db), new LeadWriter(database.db)];
      return Promise.all(inputs.map((input, i) => writers[i % 2]!.store(input)));
    },
  };

  describe.each(Object.entries(concurrently))('sent at once, through %s', (_how, send) => {
    it.each([
      ['without a key', false],
      ['each with a fresh key', true],
    ])('stores at most the limit of 20 leads from one phone, %s', async (_keys, keyed) => {
      const site = tenant();
      const phoneLimit = { max: 10, since: hourAgo() };
      const inputs = Array.from({ length: 20 }, (_, i) =>
        lead(site, { phoneLimit, idempotency: keyed ? { key: `burst-key-${i}`, bodyHash: 'b' } : null }),
      );
      const answers = (await send(inputs)).map((result) => result.status);
      expect(answers.filter((status) => status === 'stored')).toHaveLength(10);
      expect(answers.filter((status) => status === 'limited')).toHaveLength(10);
      const rows = await database.db.selectFrom('leads').select('id').where('tenant', '=', site).execute();
      expect(rows).toHaveLength(10);
      expect(await outboxRows(site)).toBe(10);
    });

    it('books one test-drive slot once of 20, and tells the others it is taken', async () => {
      const site = tenant();
      const booking = (i: number): LeadInput =>
        lead(site, {
          form: 'test-drive',
          phoneDigits: `04000000${String(i).padStart(2, '0')}`,
          payload: { userData: { name: 'Jo', location_id: 'yard-1', dateTime: '2030-03-04T10:30' } },
        });
      const answers = (await send(Array.from({ length: 20 }, (_, i) => booking(i)))).map((result) => result.status);
      expect(answers.filter((status) => status === 'stored')).toHaveLength(1);
      expect(answers.filter((status) => status === 'taken')).toHaveLength(19);
      expect(await outboxRows(site)).toBe(1);
      // Another time, or the same time at another location, is free.
      const other = await storeLead(
        database.db,
        lead(site, {
          form: 'test-drive',
          payload: { userData: { location_id: 'yard-2', dateTime: '2030-03-04T10:30' } },
        }),
      );
      expect(other.status).toBe('stored');
    });
  });

  it('answers a retried booking from its first, not as taken', async () => {
    const site = tenant();
    const booking = lead(site, {
      form: 'test-drive',
      payload: { userData: { location_id: 'yard-1', dateTime: '2030-03-05T09:00' } },
      idempotency: { key: 'booking-key-1', bodyHash: 'c' },
    });
    const first = await storeLead(database.db, booking);
    const again = await storeLead(database.db, booking);
    expect(first.status).toBe('stored');
    expect(again).toEqual({ status: 'replayed', leadId: 'leadId' in first ? first.leadId : '' });
  });

  it('lists the booked times of a location from a date on', async () => {
    const site = tenant();
    for (const dateTime of ['2030-03-01T09:00', '2030-03-06T09:00', '2030-03-07T11:30']) {
      await storeLead(
        database.db,
        lead(site, { form: 'test-drive', payload: { userData: { location_id: 'yard-1', dateTime } } }),
      );
    }
    await storeLead(
      database.db,
      lead(site, {
        form: 'test-drive',
        payload: { userData: { location_id: 'yard-2', dateTime: '2030-03-06T10:00' } },
      }),
    );
    expect((await bookedTestDrives(database.db, site, 'yard-1', '2030-03-02')).sort()).toEqual([
      '2030-03-06T09:00',
      '2030-03-07T11:30',
    ]);
  });

  it('writes a batch with one key sent three times as one lead and two replays, one outbox row each stored lead', async () => {
    const site = tenant();
    const writer = new LeadWriter(database.db);
    const keyed = lead(site, { idempotency: { key: 'key-0002', bodyHash: 'same' } });
    const results = await Promise.all([
      writer.store(keyed),
      writer.store(lead(site)),
      writer.store(keyed),
      writer.store(keyed),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['replayed', 'replayed', 'stored', 'stored']);
    const ids = new Set(results.map((result) => ('leadId' in result ? result.leadId : null)));
    expect(ids.size).toBe(2);
    expect(await outboxRows(site)).toBe(2);
  });
});
