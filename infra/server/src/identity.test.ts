import type { Database } from '@forecourt/data/database';
import { loadTenantStock } from '@forecourt/data/stock';
import { IN_STOCK_STATUSES, type Car } from '@forecourt/data/stock-model';
import { defaultSeedNow } from '@forecourt/demo-data/seed/generate';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

/**
 * Sign-in by one-time code and the watchlist, over the real routes and database: what a shopper's
 * browser sends, what a guesser or another site's session can and cannot do.
 */
let database: Database;
let platform: TestPlatform;
let now = new Date('2026-11-23T10:00:00Z');
let harbourside: Car[];
let summit: Car[];

beforeAll(async () => {
  database = await openSharedDatabase();
  await seedStock(database, await loadTenants(), { seed: 11, totalCars: 240, now: defaultSeedNow() });
  harbourside = (await loadTenantStock(database.db, 'harbourside-motors')).cars;
  summit = (await loadTenantStock(database.db, 'summit-auto-group')).cars;
  // A generous per-address limit: every request here comes from one address (tested below with a small one).
  platform = await createTestPlatform(database, { clock: () => now, identity: { sendsPerAddressPerHour: 1000 } });
});
afterAll(async () => {
  await platform.close();
  await clearPlatformTables(database);
  await database.close();
});

const HARBOURSIDE = 'harbourside-motors';
const SUMMIT = 'summit-auto-group';
let phoneSeq = 0;
/** A fresh mobile per test, so the per-phone send limit of one test does not reach another. */
const freshPhone = () => `04${String(10_000_000 + ++phoneSeq).slice(-8)}`;

function post(tenant: string, url: string, body: unknown, cookie?: string) {
  return platform.app.inject({
    method: 'POST',
    url,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'x-forecourt-tenant': tenant, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  });
}
const get = (tenant: string, url: string, cookie?: string) =>
  platform.app.inject({ method: 'GET', url, headers: { 'x-forecourt-tenant': tenant, ...(cookie ? { cookie } : {}) } });

/** The code the development outbox holds for a phone: read the way a tester reads it. */
async function codeFromOutbox(tenant: string, phone: string): Promise<string> {
  const { messages } = (await get(tenant, '/_dev/outbox.json')).json<{
    messages: Array<{ to: string; body: string }>;
  }>();
  const message = messages.find((m) => m.to === phone);
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code for ${phone} in the outbox`);
  return code;
}

async function signIn(tenant: string, phone = freshPhone()): Promise<{ phone: string; cookie: string }> {
  expect((await post(tenant, '/api/auth/send-code', { phone })).statusCode).toBe(202);
  const verified = await post(tenant, '/api/auth/verify-code', { phone, code: await codeFromOutbox(tenant, phone) });
  expect(verified.statusCode).toBe(200);
  const setCookie = verified.cookies.find((c) => c.name === 'forecourt_session');
  if (!setCookie) throw new Error('no session cookie');
  return { phone, cookie: `forecourt_session=${setCookie.value}` };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const inStock = (cars: Car[]) => cars.find((c) => c.show_on_dealer_website && IN_STOCK_STATUSES.includes(c.status))!;
const sold = (cars: Car[]) => cars.find((c) => c.show_on_dealer_website && c.status === 'sold')!;

describe('sending a code', () => {
  it('delivers a 6-digit code to the outbox, normalising +61 to 0', async () => {
    const phone = freshPhone();
    const response = await post(HARBOURSIDE, '/api/auth/send-code', {
      phone: `+61 ${phone.slice(1, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`,
    });
    expect(response.statusCode).toBe(202);
    expect(await codeFromOutbox(HARBOURSIDE, phone)).toMatch(/^\d{6}$/);
  });

  it('never stores the code itself', async () => {
    const phone = freshPhone();
    await post(HARBOURSIDE, '/api/auth/send-code', { phone });
    const code = await codeFromOutbox(HARBOURSIDE, phone);
    const row = await database.db
      .selectFrom('otp_codes')
      .select('code_hash')
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers 400 naming phone for a number that is not a mobile', async () => {
    const response = await post(HARBOURSIDE, '/api/auth/send-code', { phone: '02 9999 1234' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'phone' });
  });

  it('refuses a sixth code to one phone within the hour with the spec text, and /api/rate-limit says so', async () => {
    const phone = freshPhone();
    for (let i = 0; i < 5; i++)
      expect((await post(HARBOURSIDE, '/api/auth/send-code', { phone })).statusCode).toBe(202);
    expect((await post(HARBOURSIDE, '/api/rate-limit', { phone })).statusCode).toBe(429);
    const sixth = await post(HARBOURSIDE, '/api/auth/send-code', { phone });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ error: 'Too many verification attempts. Please try again later.' });
  });

  it('refuses more codes from one address than its hourly limit, whatever the phones', async () => {
    const strict = await createTestPlatform(database, { identity: { sendsPerAddressPerHour: 2 } });
    try {
      const send = () =>
        strict.app.inject({
          method: 'POST',
          url: '/api/auth/send-code',
          payload: { phone: freshPhone() },
          headers: { 'x-forecourt-tenant': HARBOURSIDE },
        });
      const answers = [(await send()).statusCode, (await send()).statusCode];
      const third = await send();
      expect([...answers, third.statusCode]).toEqual([202, 202, 429]);
      expect(third.json()).toMatchObject({ error: 'Too many verification attempts. Please try again later.' });
    } finally {
      await strict.close();
    }
  });

  it('lets /api/rate-limit answer ok for a phone that has not been sent codes', async () => {
    expect((await post(HARBOURSIDE, '/api/rate-limit', { phone: freshPhone() })).statusCode).toBe(200);
  });
});

describe('verifying a code', () => {
  it('signs in with the right code: the session names the phone', async () => {
    const { phone, cookie } = await signIn(HARBOURSIDE);
    expect((await get(HARBOURSIDE, '/api/session', cookie)).json()).toEqual({ user: { phone } });
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const phone = freshPhone();
    await post(HARBOURSIDE, '/api/auth/send-code', { phone });
    const verified = await post(HARBOURSIDE, '/api/auth/verify-code', {
      phone,
      code: await codeFromOutbox(HARBOURSIDE, phone),
    });
    expect(verified.cookies.find((c) => c.name === 'forecourt_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
  });

  it('answers the spec text for a wrong code', async () => {
    const phone = freshPhone();
    await post(HARBOURSIDE, '/api/auth/send-code', { phone });
    const response = await post(HARBOURSIDE, '/api/auth/verify-code', {
      phone,
      code: wrongCode(await codeFromOutbox(HARBOURSIDE, phone)),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'The verification code is invalid. Please try again.', field: 'code' });
  });

  it('locks a code after 5 wrong tries: the right code is then refused', async () => {
    const phone = freshPhone();
    await post(HARBOURSIDE, '/api/auth/send-code', { phone });
    const code = await codeFromOutbox(HARBOURSIDE, phone);
    const answers: number[] = [];
    for (let i = 0; i < 5; i++)
      answers.push((await post(HARBOURSIDE, '/api/auth/verify-code', { phone, code: wrongCode(code) })).statusCode);
    expect(answers).toEqual([400, 400, 400, 400, 429]);
    const right = await post(HARBOURSIDE, '/api/auth/verify-code', { phone, code });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ error: 'Too many verification attempts. Please try again later.' });
  });

  it('refuses a code after its 10 minutes', async () => {
    const phone = freshPhone();
    await post(HARBOURSIDE, '/api/auth/send-code', { phone });
    const code = await codeFromOutbox(HARBOURSIDE, phone);
    const sentAt = now;
    now = new Date(sentAt.getTime() + 10 * 60 * 1000 + 1);
    try {
      const response = await post(HARBOURSIDE, '/api/auth/verify-code', { phone, code });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'code', error: 'This code has expired. Please send a new code.' });
    } finally {
      now = sentAt;
    }
  });

  it('takes a code once', async () => {
    const phone = freshPhone();
    await post(HARBOURSIDE, '/api/auth/send-code', { phone });
    const code = await codeFromOutbox(HARBOURSIDE, phone);
    expect((await post(HARBOURSIDE, '/api/auth/verify-code', { phone, code })).statusCode).toBe(200);
    expect((await post(HARBOURSIDE, '/api/auth/verify-code', { phone, code })).statusCode).toBe(400);
  });

  it('does not take one site\u2019s code on another site', async () => {
    const phone = freshPhone();
    await post(HARBOURSIDE, '/api/auth/send-code', { phone });
    const response = await post(SUMMIT, '/api/auth/verify-code', {
      phone,
      code: await codeFromOutbox(HARBOURSIDE, phone),
    });
    expect(response.statusCode).toBe(400);
  });

  it('records a verification row for the site (spec: website_slug, dealership_slug, verification_type, user_id)', async () => {
    const phone = freshPhone();
    await post(HARBOURSIDE, '/api/auth/send-code', { phone });
    await post(HARBOURSIDE, '/api/auth/verify-code', {
      phone,
      code: await codeFromOutbox(HARBOURSIDE, phone),
      dealership_slug: 'harbourside-toyota',
    });
    const user = await database.db
      .selectFrom('identity_users')
      .select('id')
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    const row = await database.db
      .selectFrom('verifications')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      website_slug: HARBOURSIDE,
      dealership_slug: 'harbourside-toyota',
      verification_type: 'sms',
    });
  });

  it('answers 400 naming code for a code that is not 6 digits (spec text)', async () => {
    const response = await post(HARBOURSIDE, '/api/auth/verify-code', { phone: freshPhone(), code: '12345' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'code', error: 'code: Code must be 6 digits.' });
  });
});

describe('sessions', () => {
  it('signs out: the cookie no longer signs in', async () => {
    const { cookie } = await signIn(HARBOURSIDE);
    await post(HARBOURSIDE, '/api/auth/sign-out', {}, cookie);
    expect((await get(HARBOURSIDE, '/api/session', cookie)).json()).toEqual({ user: null });
  });

  it('is worthless on another site', async () => {
    const { cookie } = await signIn(HARBOURSIDE);
    expect((await get(SUMMIT, '/api/session', cookie)).json()).toEqual({ user: null });
  });

  it('makes no contact of a phone that was sent a code but never verified it', async () => {
    const phone = freshPhone();
    expect(
      (await post(HARBOURSIDE, '/api/auth/send-code', { phone, first_name: 'Mallory', email: 'mallory@example.com' }))
        .statusCode,
    ).toBe(202);
    expect((await get(HARBOURSIDE, `/api/check-if-contact-exists?phone_number=${phone}`)).json()).toEqual({
      data: { exists: false },
      error: null,
    });
  });

  it("keeps the owner's name and email when a stranger asks for a code to their phone", async () => {
    const phone = freshPhone();
    await post(HARBOURSIDE, '/api/auth/send-code', { phone, first_name: 'Olive', email: 'olive@example.com' });
    const code = await codeFromOutbox(HARBOURSIDE, phone);
    expect((await post(HARBOURSIDE, '/api/auth/verify-code', { phone, code })).statusCode).toBe(200);
    await post(HARBOURSIDE, '/api/auth/send-code', { phone, first_name: 'Mallory', email: 'mallory@example.com' });
    const contact = await database.db
      .selectFrom('identity_users')
      .select(['first_name', 'email'])
      .where('tenant', '=', HARBOURSIDE)
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(contact).toEqual({ first_name: 'Olive', email: 'olive@example.com' });
  });

  it('knows a contact once they verified a code (spec: check-if-contact-exists)', async () => {
    const { phone } = await signIn(HARBOURSIDE);
    expect((await get(HARBOURSIDE, `/api/check-if-contact-exists?phone_number=${phone}`)).json()).toEqual({
      data: { exists: true },
      error: null,
    });
    expect((await get(SUMMIT, `/api/check-if-contact-exists?phone_number=${phone}`)).json()).toEqual({
      data: { exists: false },
      error: null,
    });
  });
});

describe('the watchlist', () => {
  it('saves and removes a car for the signed-in shopper', async () => {
    const { cookie } = await signIn(HARBOURSIDE);
    const car = inStock(harbourside);
    expect((await post(HARBOURSIDE, '/api/watchlist/save-car', { car_id: car.id }, cookie)).json()).toEqual({
      success: true,
    });
    expect(
      (await get(HARBOURSIDE, '/api/watchlist', cookie))
        .json<{ cars: Array<{ slug: string }> }>()
        .cars.map((c) => c.slug),
    ).toEqual([car.slug]);
    expect((await post(HARBOURSIDE, '/api/watchlist/remove-car', { car_id: car.id }, cookie)).json()).toEqual({
      success: true,
    });
    expect((await get(HARBOURSIDE, '/api/watchlist', cookie)).json()).toEqual({ cars: [] });
  });

  it('refuses calls without a session', async () => {
    const car = inStock(harbourside);
    const response = await post(HARBOURSIDE, '/api/watchlist/save-car', { car_id: car.id, phone_number: '0412345678' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false });
  });

  it('takes the phone from the session, never from the body', async () => {
    const victim = await signIn(HARBOURSIDE);
    const attacker = await signIn(HARBOURSIDE);
    const car = inStock(harbourside);
    await post(HARBOURSIDE, '/api/watchlist/save-car', { car_id: car.id, phone_number: victim.phone }, attacker.cookie);
    expect((await get(HARBOURSIDE, '/api/watchlist', victim.cookie)).json()).toEqual({ cars: [] });
  });

  it('keeps one site\u2019s session away from another site\u2019s watchlist and cars', async () => {
    const { cookie } = await signIn(HARBOURSIDE);
    const summitCar = inStock(summit);
    expect((await post(SUMMIT, '/api/watchlist/save-car', { car_id: summitCar.id }, cookie)).statusCode).toBe(401);
    const onHarbourside = await post(HARBOURSIDE, '/api/watchlist/save-car', { car_id: summitCar.id }, cookie);
    expect(onHarbourside.statusCode).toBe(404);
    expect(onHarbourside.json()).toMatchObject({ success: false, field: 'car_id' });
  });

  it('does not save a sold car (spec: sold cars hidden from watchlist save)', async () => {
    const { cookie } = await signIn(HARBOURSIDE);
    const response = await post(HARBOURSIDE, '/api/watchlist/save-car', { car_id: sold(harbourside).id }, cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      success: false,
      message: 'This car has sold, so it cannot be added to your watchlist.',
    });
  });

  it('answers 400 naming car_id for a body without one', async () => {
    const { cookie } = await signIn(HARBOURSIDE);
    const response = await post(HARBOURSIDE, '/api/watchlist/save-car', { phone_number: '0412345678' }, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'car_id' });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await post(HARBOURSIDE, '/api/watchlist/save-car', '{car_id:', undefined);
    expect(response.statusCode).toBe(400);
  });
});

describe('gated routes', () => {
  const checkout = () => `/cars/${inStock(summit).slug}/checkout`;

  it('send a signed-out visitor on a gated page to sign in, with type, redirect and back', async () => {
    const response = await platform.app.inject({
      url: checkout(),
      headers: { 'x-forecourt-tenant': SUMMIT, host: 'summit.test', referer: 'http://summit.test/search/used-cars' },
    });
    expect(response.statusCode).toBe(302);
    const target = new URL(response.headers.location as string, 'http://site.invalid');
    expect(target.pathname).toBe('/sign-in');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      type: 'checkout',
      redirect: checkout(),
      back: '/search/used-cars',
    });
  });

  // (The test platform's shell is a stand-in, so the page itself is not asserted: only that no redirect is made.)
  it('let a signed-in shopper through', async () => {
    const { cookie } = await signIn(SUMMIT);
    const response = await get(SUMMIT, checkout(), cookie);
    expect(response.headers.location).toBeUndefined();
  });

  it('leave the same page open on a site that does not gate it', async () => {
    expect((await get(HARBOURSIDE, `/cars/${inStock(harbourside).slug}/checkout`)).headers.location).toBeUndefined();
  });

  it('always gate my-garage', async () => {
    const response = await get(HARBOURSIDE, '/my-garage');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/^\/sign-in\?type=my-garage&redirect=%2Fmy-garage&back=%2F$/);
  });

  it('gate my-garage behind an escaped line break, which the URL parser drops', async () => {
    const response = await get(HARBOURSIDE, '/%0d%0amy-garage');
    expect(response.statusCode).toBe(302);
  });

  it("answer a path whose line break would make '//' of it (read as a host) as no page, not a failure", async () => {
    const response = await get(HARBOURSIDE, '/%0d%0a/%F0%B2%8E%B0/remoteEntry.js');
    expect(response.statusCode).toBe(404);
  });
});

describe('a page’s boot data', () => {
  const bootOf = (html: string) =>
    JSON.parse(/<script id="forecourt-boot" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as {
      session?: unknown;
    };

  it('says who is signed in, so the page starts signed in without asking', async () => {
    const { phone, cookie } = await signIn(HARBOURSIDE);
    expect(bootOf((await get(HARBOURSIDE, '/', cookie)).body).session).toEqual({ phone });
  });

  it('says nobody is, without a session', async () => {
    expect(bootOf((await get(HARBOURSIDE, '/')).body).session).toBeNull();
  });
});

describe('the garage’s enquiries (GET /api/leads/mine)', () => {
  const enquiry = (phone: string, extra: Record<string, unknown> = {}) => ({
    form: 'enquiry',
    userData: {
      name: 'Jo',
      last_name: 'Citizen',
      email: 'jo@example.com',
      phone,
      postcode: '2000',
      message: 'Is it still available?',
    },
    url: '/contact',
    ...extra,
  });

  it('asks a signed-out visitor to sign in', async () => {
    const response = await get(HARBOURSIDE, '/api/leads/mine');
    expect([response.statusCode, response.json()]).toEqual([401, { error: 'Sign in to see your enquiries.' }]);
  });

  it('lists the leads sent from the signed-in phone on this site, newest first, with the car each was about', async () => {
    const { phone, cookie } = await signIn(HARBOURSIDE);
    const [first, second] = harbourside.filter((c) => c.show_on_dealer_website && IN_STOCK_STATUSES.includes(c.status));
    const about = (tenant: string, car: Car, from: string) =>
      post(
        tenant,
        '/api/leads/submit',
        enquiry(from, {
          url: `/cars/${car.slug}`,
          userData: { ...enquiry(from).userData, car_id: car.id, terms_conditions: true },
        }),
      );
    expect((await about(HARBOURSIDE, first!, phone)).statusCode).toBe(201);
    now = new Date(now.getTime() + 60_000);
    expect((await about(HARBOURSIDE, second!, phone)).statusCode).toBe(201);
    // Another shopper's lead, and this shopper's lead on another site, are not theirs here.
    expect((await about(HARBOURSIDE, first!, freshPhone())).statusCode).toBe(201);
    expect((await about(SUMMIT, inStock(summit), phone)).statusCode).toBe(201);

    const { enquiries } = (await get(HARBOURSIDE, '/api/leads/mine', cookie)).json<{
      enquiries: Array<{ title: string; car: { name: string; slug: string } | null }>;
    }>();
    expect(enquiries.map((e) => [e.title, e.car?.slug])).toEqual([
      ['Enquiry', second!.slug],
      ['Enquiry', first!.slug],
    ]);
  });
});
