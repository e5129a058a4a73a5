import type { Database } from '@forecourt/data/database';
import { listLocations } from '@forecourt/data/stock';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { openTestDatabase, testEngines } from '@forecourt/test-kit/test-database';
import { createTestPlatform, type TestPlatform } from '@forecourt/test-kit/test-platform';

/**
 * Leads sent at once over the real route, on each engine (PostgreSQL when DATABASE_URL is set;
 * without it these run on PGlite only, skipped: PostgreSQL): the database, not the order requests
 * happen to run in, keeps the per-phone limit and gives a test-drive slot to one shopper.
 */
describe.each(testEngines())('leads sent at once, on %s', (engine) => {
  let database: Database;
  let platform: TestPlatform;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    const tenants = (await loadTenants()).filter((t) => t.slug === 'harbourside-motors');
    await seedStock(database, tenants, { seed: 7, totalCars: 30, now: defaultSeedNow() });
    platform = await createTestPlatform(database);
  });
  afterAll(async () => {
    await platform.close();
    await database.close();
  });

  let addressSeq = 0;
  // Each from its own address, so only the per-phone limit applies.
  const send = (body: unknown, headers: Record<string, string> = {}) =>
    platform.app.inject({
      remoteAddress: `10.77.${Math.floor(++addressSeq / 250)}.${addressSeq % 250}`,
      method: 'POST',
      url: '/api/leads/submit',
      payload: JSON.stringify(body),
      headers: { 'x-forecourt-tenant': 'harbourside-motors', 'content-type': 'application/json', ...headers },
    });
  const contact = (phone: string) => ({
    name: 'Jo',
    last_name: 'Citizen',
    email: 'jo@example.com',
    phone,
    postcode: '2000',
  });

  it('stores ten of twenty enquiries from one phone, keyed and not, and answers the rest 429', async () => {
    const [location] = (await listLocations(database.db, 'harbourside-motors')).filter((l) => l.visible);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(
          {
            form: 'enquiry',
            userData: { ...contact('0488 111 222'), message: `Question ${i}`, location_id: location!.id },
            url: '/contact',
          },
          i % 2 ? { 'idempotency-key': `race-key-${engine}-${i}` } : {},
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      ...Array<number>(10).fill(201),
      ...Array<number>(10).fill(429),
    ]);
    const stored = await database.db
      .selectFrom('leads')
      .select('id')
      .where('phone_digits', '=', '0488111222')
      .execute();
    expect(stored).toHaveLength(10);
  });

  it('books one test-drive time once of twenty, answering the others 409 naming the time', async () => {
    const [location] = (await listLocations(database.db, 'harbourside-motors')).filter((l) => l.visible);
    const times = await platform.app.inject({
      method: 'GET',
      url: `/api/leads/test-drive-times?location_id=${location!.id}`,
      headers: { 'x-forecourt-tenant': 'harbourside-motors' },
    });
    const { days } = times.json<{ days: Array<{ date: string; times: string[] }> }>();
    const slot = `${days[1]!.date}T${days[1]!.times[0]}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send({
          form: 'test-drive',
          userData: { ...contact(`0477 000 ${String(100 + i)}`), location_id: location!.id, dateTime: slot },
          url: '/book-test-drive/',
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array<number>(19).fill(409)]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({
      error: 'userData.dateTime: That time is no longer available. Please choose another.',
      field: 'userData.dateTime',
    });
    const booked = await database.db
      .selectFrom('leads')
      .select('id')
      .where('booking_location', '=', location!.id)
      .where('booking_time', '=', slot)
      .execute();
    expect(booked).toHaveLength(1);
    expect(
      await database.db.selectFrom('lead_outbox').select('lead_id').where('lead_id', '=', booked[0]!.id).execute(),
    ).toHaveLength(1);
  });
});

if (!process.env.DATABASE_URL) {
  it.skip('skipped: PostgreSQL (set DATABASE_URL to run these on it too)', () => undefined);
}
