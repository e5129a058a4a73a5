import type { Database } from './database';
import { LeadWriter, storeLead, type LeadInput } from './leads';
import { openTestDatabase, testEngines } from '../testing/test-database';

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
  const lead = (site: string, overrides: Partial<LeadInput> = {}): LeadInput => ({ tenant: site, form: 'enquiry', payload: { userData: { name: 'Jo' } }, phoneDigits: '0412345678', idempotency: null, ...overrides });
  const hourAgo = () => new Date(Date.now() - 60 * 60 * 1000);
  const outboxRows = async (site: string) => (await database.db.selectFrom('lead_outbox').select('lead_id').where('tenant', '=', site).execute()).length;

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
    expect((await storeLead(database.db, lead(site, { phoneLimit: { max: 2, since: new Date(Date.now() + 1000) } }))).status).toBe('stored');
  });

  it('does not limit a lead sent with an idempotency key', async () => {
    const site = tenant();
    await storeLead(database.db, lead(site));
    const keyed = await storeLead(database.db, lead(site, { phoneLimit: { max: 1, since: hourAgo() }, idempotency: { key: 'key-0001', bodyHash: 'a' } }));
    expect(keyed.status).toBe('stored');
  });

  it('writes a batch with one key sent three times as one lead and two replays, one outbox row each stored lead', async () => {
    const site = tenant();
    const writer = new LeadWriter(database.db);
    const keyed = lead(site, { idempotency: { key: 'key-0002', bodyHash: 'same' } });
    const results = await Promise.all([writer.store(keyed), writer.store(lead(site)), writer.store(keyed), writer.store(keyed)]);
    expect(results.map((result) => result.status).sort()).toEqual(['replayed', 'replayed', 'stored', 'stored']);
    const ids = new Set(results.map((result) => ('leadId' in result ? result.leadId : null)));
    expect(ids.size).toBe(2);
    expect(await outboxRows(site)).toBe(2);
  });
});
