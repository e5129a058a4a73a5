import { createLeadSender } from '@forecourt/shared-config/leads';
import type { Database } from '@forecourt/data/database';
import { findLead, recentLeads } from '@forecourt/data/leads';
import { listLocations, loadTenantStock } from '@forecourt/data/stock';
import type { Car } from '@forecourt/data/stock-model';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

/** The lead forms' server side over real routes and seeded stock: form context, test-drive times, the car's defaults, trade-in, and sites kept apart. */
let database: Database;
let platform: TestPlatform;
let cars: Car[];

beforeAll(async () => {
  database = await openSharedDatabase();
  await seedStock(database, await loadTenants(), { seed: 5, totalCars: 600, now: defaultSeedNow() });
  cars = (await loadTenantStock(database.db, 'harbourside-motors')).cars.filter((c) => c.show_on_dealer_website);
  platform = await createTestPlatform(database);
});
afterAll(async () => {
  await platform.close();
  await clearPlatformTables(database);
  await database.close();
});

let phoneSeq = 0;
const contact = () => ({
  name: 'Jo',
  last_name: 'Citizen',
  email: 'jo@example.com',
  phone: `0412 ${String(100000 + ++phoneSeq).slice(-6)}`,
  postcode: '2000',
});
let addressSeq = 0;
const inject = (
  tenant: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) =>
  platform.app.inject({
    remoteAddress: `10.9.${Math.floor(++addressSeq / 250)}.${addressSeq % 250}`,
    method,
    url,
    ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    headers: {
      'x-forecourt-tenant': tenant,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
  });
const submit = (
  tenant: string,
  form: string,
  userData: Record<string, unknown>,
  headers: Record<string, string> = {},
) => inject(tenant, 'POST', '/api/leads/submit', { form, userData, url: '/contact' }, headers);

describe('GET /api/leads/form', () => {
  it("offers the site's sales locations on the contact form, and none on a car's enquiry", async () => {
    const sales = (await listLocations(database.db, 'harbourside-motors')).filter(
      (l) => l.visible && (l.location_type || 'sales') === 'sales',
    );
    const page = await inject('harbourside-motors', 'GET', '/api/leads/form?form=enquiry');
    expect(
      page
        .json<{ locations: Array<{ id: string }> }>()
        .locations.map((l) => l.id)
        .sort(),
    ).toEqual(sales.map((l) => l.id).sort());
    const aboutCar = await inject('harbourside-motors', 'GET', `/api/leads/form?form=enquiry&car_id=${cars[0]!.id}`);
    expect(aboutCar.json()).toMatchObject({ locations: [], car: { id: cars[0]!.id, name: cars[0]!.name } });
  });

  it('answers 400 naming the field for an unknown form, and for a car of another site', async () => {
    expect((await inject('harbourside-motors', 'GET', '/api/leads/form?form=fax')).json()).toMatchObject({
      field: 'form',
    });
    const theirs = (await loadTenantStock(database.db, 'summit-auto-group')).cars[0]!;
    const response = await inject('harbourside-motors', 'GET', `/api/leads/form?form=enquiry&car_id=${theirs.id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'car_id' });
  });
});

describe('test drives', () => {
  const car = () => cars.find((c) => c.status === 'in_stock')!;

  it('offers times only inside the location opening hours, and never one already booked', async () => {
    const location = car().location.id;
    const first = await inject('harbourside-motors', 'GET', `/api/leads/test-drive-times?location_id=${location}`);
    expect(first.statusCode).toBe(200);
    const { days } = first.json<{ days: Array<{ date: string; times: string[] }> }>();
    expect(days.length).toBeGreaterThan(5);
    const [yard] = (await listLocations(database.db, 'harbourside-motors')).filter((l) => l.id === location);
    const hours = yard!.contact_detail.opening_hours[yard!.location_type || 'sales']!;
    for (const day of days) {
      const weekday = new Date(`${day.date}T12:00:00Z`).getUTCDay();
      const open = hours.find((h) => h.weekday === weekday)!;
      expect(open.status).toBe('Open');
      for (const time of day.times) expect(time >= open.open! && time < open.close!).toBe(true);
    }

    const slot = `${days[1]!.date}T${days[1]!.times[0]}`;
    const booked = await submit('harbourside-motors', 'test-drive', {
      ...contact(),
      car_id: car().id,
      location_id: location,
      dateTime: slot,
    });
    expect(booked.statusCode).toBe(201);
    const after = (
      await inject('harbourside-motors', 'GET', `/api/leads/test-drive-times?location_id=${location}`)
    ).json<{ days: Array<{ date: string; times: string[] }> }>();
    expect(after.days.find((d) => d.date === days[1]!.date)?.times).not.toContain(days[1]!.times[0]);

    // The same time again is refused as taken (409), naming the field; a retry of the first booking is not.
    const again = await submit('harbourside-motors', 'test-drive', {
      ...contact(),
      car_id: car().id,
      location_id: location,
      dateTime: slot,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      field: 'userData.dateTime',
      error: 'userData.dateTime: That time is no longer available. Please choose another.',
    });
  });

  it('books a time once when six shoppers send it at once: one 201, five 409 naming the time, one lead stored', async () => {
    const location = car().location.id;
    const { days } = (
      await inject('harbourside-motors', 'GET', `/api/leads/test-drive-times?location_id=${location}`)
    ).json<{ days: Array<{ date: string; times: string[] }> }>();
    const slot = `${days[3]!.date}T${days[3]!.times[2]}`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        submit('harbourside-motors', 'test-drive', {
          ...contact(),
          car_id: car().id,
          location_id: location,
          dateTime: slot,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({
      field: 'userData.dateTime',
      error: 'userData.dateTime: That time is no longer available. Please choose another.',
    });
    const booked = (await recentLeads(database.db, 'harbourside-motors', 500)).filter(
      (l) => (l.payload['userData'] as Record<string, unknown>)['dateTime'] === slot,
    );
    expect(booked).toHaveLength(1);
  });

  it("shows the shopper a time booked first by someone else under the time field, from the browser's sender", async () => {
    const location = car().location.id;
    const { days } = (
      await inject('harbourside-motors', 'GET', `/api/leads/test-drive-times?location_id=${location}`)
    ).json<{ days: Array<{ date: string; times: string[] }> }>();
    const values = {
      ...contact(),
      car_id: car().id,
      location_id: location,
      dateTime: `${days[4]!.date}T${days[4]!.times[0]}`,
    };
    expect((await submit('harbourside-motors', 'test-drive', values)).statusCode).toBe(201);
    const send = createLeadSender(async (input, init) => {
      const response = await inject(
        'harbourside-motors',
        'POST',
        String(input),
        String(init?.body ?? ''),
        init?.headers as Record<string, string>,
      );
      return new Response(response.body, {
        status: response.statusCode,
        headers: { 'content-type': 'application/json' },
      });
    });
    const outcome = await send({
      form: 'test-drive',
      userData: { ...values, ...contact() },
      url: '/book-test-drive/',
      lead_attributes: { visited_pages: [], linked_query_params: {} },
    });
    expect(outcome).toEqual({
      status: 'invalid',
      field: 'dateTime',
      message: 'That time is no longer available. Please choose another.',
    });
  });

  it('lets a retried booking with its Idempotency-Key through to the same lead', async () => {
    const location = car().location.id;
    const { days } = (
      await inject('harbourside-motors', 'GET', `/api/leads/test-drive-times?location_id=${location}`)
    ).json<{ days: Array<{ date: string; times: string[] }> }>();
    const userData = {
      ...contact(),
      car_id: car().id,
      location_id: location,
      dateTime: `${days[2]!.date}T${days[2]!.times[1]}`,
    };
    const headers = { 'idempotency-key': 'test-drive-retry-01' };
    const first = await submit('harbourside-motors', 'test-drive', userData, headers);
    const retry = await submit('harbourside-motors', 'test-drive', userData, headers);
    expect([first.statusCode, retry.statusCode]).toEqual([201, 200]);
    expect(retry.json()).toEqual(first.json());
  });

  it("files the test drive under the car's condition, with the car's stock details from stock, not the form", async () => {
    const used = cars.find((c) => c.car_type === 'used' && c.status === 'in_stock')!;
    const response = await submit('harbourside-motors', 'test-drive', {
      ...contact(),
      car_id: used.id,
      location_id: used.location.id,
    });
    const lead = await findLead(
      database.db,
      'harbourside-motors',
      response.json<{ lead_id: string }>().lead_id,
      'test-drive',
    );
    expect(lead!.payload).toMatchObject({
      car_id: used.id,
      car_dealership_id: used.dealership_id,
      userData: {
        subcategory: 'Test Drive Booking Used',
        stock_number: used.stocknum,
        'Vehicle Make': used.make,
        'Vehicle Model': used.model,
        car_type: 'used',
        vehicle_status: used.status,
        dealership_slug: used.dealership_slug,
        location_id: used.location.id,
      },
    });
  });

  it('answers 400 naming location_id for a location of another site', async () => {
    const theirs = (await listLocations(database.db, 'summit-auto-group'))[0]!;
    const response = await inject('harbourside-motors', 'GET', `/api/leads/test-drive-times?location_id=${theirs.id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'location_id' });
  });
});

describe('forms and sites', () => {
  it('needs a location on the contact form of a site with several, and takes only its own', async () => {
    const missing = await submit('harbourside-motors', 'enquiry', { ...contact(), message: 'Hello' });
    expect(missing.json()).toMatchObject({
      field: 'userData.location_id',
      error: 'userData.location_id: This is a required field.',
    });
    const theirs = (await listLocations(database.db, 'summit-auto-group'))[0]!;
    const foreign = await submit('harbourside-motors', 'enquiry', {
      ...contact(),
      message: 'Hello',
      location_id: theirs.id,
    });
    expect(foreign.json()).toMatchObject({
      field: 'userData.location_id',
      error: 'userData.location_id: Please choose one of the options.',
    });
  });

  it("refuses a lead about another site's car, naming car_id", async () => {
    const theirs = (await loadTenantStock(database.db, 'summit-auto-group')).cars[0]!;
    const response = await submit('harbourside-motors', 'enquiry', {
      ...contact(),
      message: 'Hello',
      car_id: theirs.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'userData.car_id' });
    expect((await recentLeads(database.db, 'summit-auto-group')).map((l) => l.payload['url'])).not.toContain(
      '/contact',
    );
  });

  it("sends the photo request with the spec's default request text", async () => {
    const response = await submit('harbourside-motors', 'request-photos', { ...contact(), car_id: cars[0]!.id });
    const lead = await findLead(
      database.db,
      'harbourside-motors',
      response.json<{ lead_id: string }>().lead_id,
      'request-photos',
    );
    expect(lead!.payload).toMatchObject({ userData: { 'Request Photos': 'Please send photos for this car' } });
  });

  it('answers 400 for a form field that form does not have, naming it', async () => {
    const response = await submit('harbourside-motors', 'careers', {
      ...contact(),
      message: 'Hi',
      dateTime: '2030-01-01T10:00',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/dateTime/);
  });
});

describe('the trade-in valuation', () => {
  const registered = () => cars.find((c) => c.regplate && new Date().getFullYear() - c.year <= 5 && c.km < 80_000)!;

  it('finds a registered car by its plate and state, however the plate is written', async () => {
    const car = registered();
    const written = `${car.regplate!.slice(0, 3)} ${car.regplate!.slice(3).toLowerCase()}`;
    const response = await inject('harbourside-motors', 'POST', '/api/leads/rego-lookup', {
      rego: written,
      regoState: car.state,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ vehicle: { year: car.year, make: car.make, model: car.model } });
  });

  it('answers 404 with the wizard text for a plate the register does not know, and 400 for a bad state', async () => {
    const unknown = await inject('harbourside-motors', 'POST', '/api/leads/rego-lookup', {
      rego: 'ZZZ999Q',
      regoState: 'NSW',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      error: "We couldn't find that registration. Please check it, or enter your car's details below.",
    });
    expect(
      (
        await inject('harbourside-motors', 'POST', '/api/leads/rego-lookup', { rego: 'ABC123', regoState: 'XX' })
      ).json(),
    ).toMatchObject({ field: 'regoState' });
  });

  async function valuation(overrides: Record<string, unknown> = {}) {
    const car = registered();
    return submit('harbourside-motors', 'trade-in', {
      ...contact(),
      year: String(car.year),
      make: car.make,
      model: car.model,
      km: '40,000',
      condition: 'Good',
      accident: 'No',
      service_history: 'Full',
      keys: '2 or more',
      ...overrides,
    });
  }

  it('answers with an offer for a recent car, files it and saves it beside the lead on request', async () => {
    const response = await valuation();
    expect(response.statusCode).toBe(201);
    const answer = response.json<{
      lead_id: string;
      valuation: { status: string; offer: number; low: number; high: number };
    }>();
    expect(answer.valuation.status).toBe('offer');
    expect(answer.valuation.low).toBeLessThan(answer.valuation.offer);
    const saved = await inject('harbourside-motors', 'POST', '/api/miscellaneous', {
      column_name: 'valuation',
      lead_id: answer.lead_id,
      data: answer.valuation,
    });
    expect(saved.statusCode).toBe(201);
    const row = await database.db
      .selectFrom('miscellaneous')
      .selectAll()
      .where('lead_id', '=', answer.lead_id)
      .executeTakeFirstOrThrow();
    expect(row.data).toMatchObject({ offer: answer.valuation.offer });
  });

  it('gives no online estimate for a car over 100,000 km, and says so', async () => {
    const response = await valuation({ km: '150000' });
    expect(response.json()).toMatchObject({ valuation: { status: 'no-online-estimate', reason: 'km' } });
  });

  it("files an accepted offer once, with '3. Offer Accepted' and the shopper's details", async () => {
    const { lead_id } = (await valuation()).json<{ lead_id: string }>();
    const body = { lead_id, form_completed: true, offer_accepted: true, subcategory: '3. Offer Accepted' };
    const first = await inject('harbourside-motors', 'POST', '/api/leads/offer-accepted', body);
    const again = await inject('harbourside-motors', 'POST', '/api/leads/offer-accepted', body);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json()).toEqual(first.json());
    const accepted = await findLead(
      database.db,
      'harbourside-motors',
      first.json<{ lead_id: string }>().lead_id,
      'trade-in',
    );
    expect(accepted!.payload).toMatchObject({
      userData: {
        subcategory: '3. Offer Accepted',
        lead_id,
        offer_accepted: true,
        form_completed: true,
        last_name: 'Citizen',
      },
    });
  });

  it('keeps valuations to their site: another site can neither accept nor save beside one', async () => {
    const { lead_id } = (await valuation()).json<{ lead_id: string }>();
    const accept = await inject('summit-auto-group', 'POST', '/api/leads/offer-accepted', {
      lead_id,
      form_completed: true,
      offer_accepted: true,
      subcategory: '3. Offer Accepted',
    });
    expect(accept.statusCode).toBe(400);
    expect(accept.json()).toMatchObject({ field: 'lead_id' });
    const save = await inject('summit-auto-group', 'POST', '/api/miscellaneous', {
      column_name: 'valuation',
      lead_id,
      data: {},
    });
    expect(save.statusCode).toBe(404);
    expect(save.json()).toMatchObject({ field: 'lead_id' });
  });

  it('answers 400 naming the field for a miscellaneous save of another column, or an oversized one', async () => {
    const { lead_id } = (await valuation()).json<{ lead_id: string }>();
    expect(
      (
        await inject('harbourside-motors', 'POST', '/api/miscellaneous', { column_name: 'notes', lead_id, data: {} })
      ).json(),
    ).toMatchObject({ field: 'column_name' });
    const big = await inject('harbourside-motors', 'POST', '/api/miscellaneous', {
      column_name: 'valuation',
      lead_id,
      data: { text: 'x'.repeat(9000) },
    });
    expect(big.statusCode).toBe(400);
  });
});
