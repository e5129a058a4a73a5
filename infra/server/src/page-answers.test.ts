import { sessionAnswerSchema, zm } from '@forecourt/shared-config';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import type { FastifyInstance } from 'fastify';
import { formContextSchema, testDriveTimesSchema } from '@forecourt/mf-leads/contract';
import { locationsAnswerSchema, nearestAnswerSchema, reviewSummarySchema } from '@forecourt/mf-locations/contract';
import { carHitSchema } from '@forecourt/mf-search/contract';
import {
  carAnswerSchema,
  deliveryQuoteSchema,
  priceComparisonSchema,
  reservationStateSchema,
} from '@forecourt/mf-vehicle/contract';
import type { Database } from '@forecourt/data/database';
import { listLocations, loadTenantStock } from '@forecourt/data/stock';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { tempDir } from '@forecourt/test-kit/fake-build';
import { openTestDatabase, serverTestEngine } from '@forecourt/test-kit/test-database';
import { listen } from './main';

/**
 * The pages check every answer of the API with a schema and show a read whose answer does not
 * parse as failed. These tests ask the platform's routes what every demo site's pages ask, over
 * seeded stock, and read each answer with the schema its page reads it with (the teams' contracts
 * and shared-config's): an answer the page could not read is a page that never shows its content.
 */
let database: Database;
let app: FastifyInstance;
let tenants: TenantConfig[];

beforeAll(async () => {
  database = await openTestDatabase(serverTestEngine());
  tenants = await loadTenants();
  await seedStock(database, tenants, { seed: 11, totalCars: 300, now: defaultSeedNow() });
  app = await listen(
    { port: 0, host: '127.0.0.1', dataDir: await tempDir(), databaseUrl: undefined },
    { ...database, close: async () => undefined },
    tenants,
  );
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

interface Schema {
  safeParse: (value: unknown) => { success: boolean; error?: { issues: unknown } };
}

/** What is wrong with the answers to `requests` (2xx answers that do not parse), and how many parsed. */
async function unreadable(
  tenant: string,
  requests: Array<{ url: string; schema: Schema; body?: unknown }>,
): Promise<{ problems: string[]; read: number }> {
  const problems: string[] = [];
  let read = 0;
  for (const { url, schema, body } of requests) {
    const response = await app.inject({
      method: body === undefined ? 'GET' : 'POST',
      url,
      headers: {
        host: `${tenant}.localhost:8080`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    if (response.statusCode >= 300) continue;
    const parsed = schema.safeParse(response.json());
    if (parsed.success) read += 1;
    else problems.push(`${tenant} ${url}: ${JSON.stringify(parsed.error?.issues).slice(0, 300)}`);
  }
  return { problems, read };
}

async function everySite(
  requests: (tenant: string) => Promise<Array<{ url: string; schema: Schema; body?: unknown }>>,
) {
  const results = [];
  for (const tenant of tenants) results.push(await unreadable(tenant.slug, await requests(tenant.slug)));
  return { problems: results.flatMap((r) => r.problems), read: results.reduce((sum, r) => sum + r.read, 0) };
}

const shownCars = async (tenant: string) =>
  (await loadTenantStock(database.db, tenant)).cars.filter((car) => car.show_on_dealer_website);

it("reads every car page's answers: the car, its reservation, its price comparison and a delivery quote", async () => {
  const { problems, read } = await everySite(async (tenant) =>
    (await shownCars(tenant)).flatMap((car, index) => [
      { url: `/api/vehicle/cars/${car.slug}`, schema: carAnswerSchema },
      { url: `/api/vehicle/cars/${car.slug}/reservation`, schema: reservationStateSchema },
      { url: `/api/cars/${car.slug}/autogauge`, schema: priceComparisonSchema },
      ...(index === 0
        ? [{ url: '/api/delivery-quote', schema: deliveryQuoteSchema, body: { postcode: '2000', car_id: car.id } }]
        : []),
    ]),
  );
  expect(problems).toEqual([]);
  expect(read).toBeGreaterThan(300);
});

it('reads the fallback fetch’s cars as result cards', async () => {
  const { problems, read } = await everySite(async () => [
    { url: '/api/search/fallback?limit=100', schema: zm.object({ vehicles: zm.array(carHitSchema) }) },
  ]);
  expect({ problems, read }).toEqual({ problems: [], read: tenants.length });
});

it("reads the locations pages' answers: the locations, a postcode's nearest and each dealership's reviews", async () => {
  const { problems, read } = await everySite(async (tenant) => [
    { url: '/api/locations/locations', schema: locationsAnswerSchema },
    { url: '/api/locations/nearest?postcode=2000', schema: nearestAnswerSchema },
    ...[...new Set((await listLocations(database.db, tenant)).map((location) => location.dealership_slug))].map(
      (slug) => ({ url: `/api/locations/reviews/${slug}`, schema: reviewSummarySchema }),
    ),
  ]);
  expect(problems).toEqual([]);
  expect(read).toBeGreaterThan(tenants.length * 2);
});

it("reads the lead forms' answers: each form's choices and a location's test-drive times", async () => {
  const { problems, read } = await everySite(async (tenant) => [
    ...['enquiry', 'test-drive', 'service', 'find-similar'].map((form) => ({
      url: `/api/leads/form?form=${form}`,
      schema: formContextSchema,
    })),
    ...(await listLocations(database.db, tenant)).map((location) => ({
      url: `/api/leads/test-drive-times?location_id=${location.id}`,
      schema: testDriveTimesSchema,
    })),
  ]);
  expect(problems).toEqual([]);
  expect(read).toBeGreaterThan(tenants.length * 4);
});

it('reads who is signed in', async () => {
  const { problems, read } = await everySite(async () => [{ url: '/api/session', schema: sessionAnswerSchema }]);
  expect({ problems, read }).toEqual({ problems: [], read: tenants.length });
});
