import type { Database } from '@forecourt/data/database';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';
import { DevCrm, type Crm, type OutgoingLead } from './crm';
import { storeLead } from '@forecourt/data/leads';
import { deliverAllDue, deliverDueLeads, retryDelayMs } from './delivery';

/** Leads go from the outbox to the CRM at least once, are never dropped, and wait longer after each failure. */
let database: Database;
let platform: TestPlatform;
// Real time (a second ahead): the outbox row's first attempt is due at the database's now().
let offsetMs = 1000;
const clock = () => new Date(Date.now() + offsetMs);

/** A CRM that fails while `down` and records what it received. */
class FlakyCrm implements Crm {
  readonly kind = 'dev';
  down = false;
  received: OutgoingLead[] = [];
  async deliver(lead: OutgoingLead): Promise<void> {
    if (this.down) throw new Error('CRM webhook answered 503');
    this.received.push(lead);
  }
}

beforeAll(async () => {
  database = await openSharedDatabase();
  platform = await createTestPlatform(database, {
    clock,
    leadDelivery: { intervalMs: 0, crm: new DevCrm(database.db) },
  });
});
afterAll(async () => {
  await platform.close();
  await clearPlatformTables(database);
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom('lead_outbox').execute();
  await database.db.deleteFrom('dev_crm_leads').execute();
  await database.db.deleteFrom('leads').execute();
});

const userData = {
  name: 'Jo',
  last_name: 'Citizen',
  email: 'jo@example.com',
  phone: '0412 345 678',
  postcode: '2000',
  message: 'Is it still available?',
};
async function submitLead(): Promise<string> {
  const response = await platform.app.inject({
    method: 'POST',
    url: '/api/leads/submit',
    payload: { form: 'enquiry', userData, url: '/contact' },
    headers: { 'x-forecourt-tenant': 'harbourside-motors' },
  });
  return response.json<{ lead_id: string }>().lead_id;
}

describe('delivery to the development CRM', () => {
  it('delivers a stored lead, and the CRM page lists it received', async () => {
    const id = await submitLead();
    expect(await platform.app.deliverLeads()).toEqual({ delivered: 1, failed: 0 });
    const { leads } = (
      await platform.app.inject({ url: '/_dev/crm.json', headers: { 'x-forecourt-tenant': 'harbourside-motors' } })
    ).json<{ leads: Array<{ lead_id: string; name: string; received_at: string | null }> }>();
    expect(leads).toEqual([
      expect.objectContaining({ lead_id: id, name: 'Jo Citizen', received_at: expect.any(String) }),
    ]);
  });

  it('sends a lead once when two rounds run at the same time', async () => {
    await submitLead();
    const crm = new FlakyCrm();
    const rounds = await Promise.all([
      deliverDueLeads(database.db, crm, clock),
      deliverDueLeads(database.db, crm, clock),
    ]);
    expect(rounds.reduce((sum, r) => sum + r.delivered, 0)).toBe(1);
    expect(crm.received).toHaveLength(1);
  });
});

describe('a process stopped in the middle of a round', () => {
  it('has marked every lead the CRM already took: only the one in flight would be sent again', async () => {
    await submitLead();
    await submitLead();
    // The second delivery never ends: the process is as good as killed at that moment.
    const sent: string[] = [];
    const stuck: Crm = {
      kind: 'webhook',
      deliver: (lead) => (sent.push(lead.id) === 1 ? Promise.resolve() : new Promise<void>(() => undefined)),
    };
    void deliverDueLeads(database.db, stuck, clock);
    // The round is stuck once it sends the second lead: it marked the first before that.
    const deadline = Date.now() + 60_000;
    while (sent.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toHaveLength(2);
    const marked = await database.db.selectFrom('lead_outbox').select(['lead_id', 'delivered_at']).execute();
    expect(Object.fromEntries(marked.map((row) => [row.lead_id, row.delivered_at !== null]))).toEqual({
      [sent[0]!]: true,
      [sent[1]!]: false,
    });
  });
});

describe('a CRM that is down', () => {
  it('keeps the lead, counts the attempt with its error, and tries again after the wait', async () => {
    const id = await submitLead();
    const crm = new FlakyCrm();
    crm.down = true;
    expect(await deliverDueLeads(database.db, crm, clock)).toEqual({ delivered: 0, failed: 1 });
    const row = await database.db
      .selectFrom('lead_outbox')
      .selectAll()
      .where('lead_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 1, delivered_at: null, last_error: 'CRM webhook answered 503' });
    // Not due again before its wait (2 s after the first failure) ...
    crm.down = false;
    expect(await deliverDueLeads(database.db, crm, clock)).toEqual({ delivered: 0, failed: 0 });
    // ... and delivered once it is.
    offsetMs += retryDelayMs(1);
    try {
      expect(await deliverDueLeads(database.db, crm, clock)).toEqual({ delivered: 1, failed: 0 });
      expect(crm.received.map((l) => l.id)).toEqual([id]);
    } finally {
      offsetMs = 1000;
    }
  });

  it('waits 2 s, 4 s, 8 s ... and never more than an hour', () => {
    expect([1, 2, 3, 20].map(retryDelayMs)).toEqual([2000, 4000, 8000, 3_600_000]);
  });
});

describe('a burst of leads', () => {
  it('is delivered in full by one call, a batch of 100 at a time, each lead once', async () => {
    for (let i = 0; i < 250; i++)
      await storeLead(database.db, {
        tenant: 'harbourside-motors',
        form: 'enquiry',
        payload: { userData: { ...userData, last_name: `Burst ${i}` } },
        phoneDigits: null,
        idempotency: null,
      });
    const crm = new FlakyCrm();
    expect(await deliverAllDue(database.db, crm, clock)).toEqual({ delivered: 250, failed: 0 });
    expect(new Set(crm.received.map((lead) => lead.id)).size).toBe(250);
    expect(await deliverDueLeads(database.db, crm, clock)).toEqual({ delivered: 0, failed: 0 });
  });
});
