import type { Database } from '@forecourt/data/database';
import { createLeadSender } from '@forecourt/shared-config/leads';
import { recentLeads } from '@forecourt/data/leads';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

/** The lead endpoint over the real route and database: stored before the answer, once per key, per site. */
let database: Database;
let platform: TestPlatform;

beforeAll(async () => {
  database = await openSharedDatabase();
  platform = await createTestPlatform(database);
});
afterAll(async () => {
  await platform.close();
  await clearPlatformTables(database);
  await database.close();
});

const userData = {
  name: 'Jo',
  last_name: 'Citizen',
  email: 'jo@example.com',
  phone: '0412 345 678',
  postcode: '2000',
  message: 'Is it still available?',
};
const lead = (overrides: Record<string, unknown> = {}) => ({
  form: 'enquiry',
  userData,
  url: '/cars/some-car',
  ...overrides,
});

let addressSeq = 0;
/** Each submission from its own address unless a test says otherwise, so the per-address limit is tested on its own. */
function submit(
  tenant: string,
  body: unknown,
  headers: Record<string, string> = {},
  remoteAddress = `10.0.${Math.floor(++addressSeq / 250)}.${addressSeq % 250}`,
) {
  return platform.app.inject({
    remoteAddress,
    method: 'POST',
    url: '/api/leads/submit',
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'x-forecourt-tenant': tenant, 'content-type': 'application/json', ...headers },
  });
}

describe('POST /api/leads/submit', () => {
  it('stores the lead with its delivery outbox row before answering 201 with its id', async () => {
    const response = await submit('harbourside-motors', lead());
    expect(response.statusCode).toBe(201);
    const { lead_id } = response.json<{ lead_id: string }>();
    const [stored] = await recentLeads(database.db, 'harbourside-motors', 1);
    expect(stored).toMatchObject({
      id: lead_id,
      form: 'enquiry',
      payload: { source: 'Website', userData: { email: 'jo@example.com', category: 'General Enquiry', opt_in: true } },
    });
    const outbox = await database.db.selectFrom('lead_outbox').selectAll().where('lead_id', '=', lead_id).execute();
    expect(outbox).toHaveLength(1);
  });

  it('answers a retry with the same Idempotency-Key and body with the same lead, stored once', async () => {
    const headers = { 'idempotency-key': 'retry-key-0001' };
    const first = await submit('harbourside-motors', lead(), headers);
    // The same body with its keys in another order is the same body.
    const again = await submit('harbourside-motors', { url: '/cars/some-car', userData, form: 'enquiry' }, headers);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json()).toEqual(first.json());
    const rows = await database.db
      .selectFrom('leads')
      .select('id')
      .where('idempotency_key', '=', 'retry-key-0001')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('answers 422 for a key used with another body', async () => {
    const headers = { 'idempotency-key': 'retry-key-0002' };
    await submit('harbourside-motors', lead(), headers);
    const other = await submit('harbourside-motors', lead({ url: '/cars/another-car' }), headers);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ field: 'Idempotency-Key' });
  });

  it('answers 400 naming the header, and stores nothing, for a key that breaks the rule', async () => {
    const response = await submit('harbourside-motors', lead(), { 'idempotency-key': 'short' });
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { error: 'Idempotency-Key: must be 8 to 200 letters, digits or _.:-', field: 'Idempotency-Key' },
    ]);
    expect(await database.db.selectFrom('leads').select('id').where('idempotency_key', '=', 'short').execute()).toEqual(
      [],
    );
  });

  it('answers 400 naming the field, with the spec text, for a bad postcode', async () => {
    const response = await submit('harbourside-motors', lead({ userData: { ...userData, postcode: '200' } }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      field: 'userData.postcode',
      error: 'userData.postcode: Invalid postcode. Please enter a 4-digit number.',
    });
  });

  it("applies the site's rules: Summit needs the terms, Redgum takes no comments", async () => {
    expect((await submit('summit-auto-group', lead())).json()).toMatchObject({
      field: 'userData.terms_conditions',
      error: 'userData.terms_conditions: *You must agree to the terms of use before submitting.',
    });
    const { message: _message, postcode: _postcode, ...short } = userData;
    expect((await submit('redgum-used-cars', lead({ userData: short }))).statusCode).toBe(201);
  });

  it('keeps a lead to the site it was sent to: a body cannot name another site', async () => {
    expect((await submit('harbourside-motors', { ...lead(), tenant: 'summit-auto-group' })).statusCode).toBe(400);
    const response = await submit('coastal-caravans', lead());
    const { lead_id } = response.json<{ lead_id: string }>();
    expect((await recentLeads(database.db, 'coastal-caravans')).map((l) => l.id)).toContain(lead_id);
    expect((await recentLeads(database.db, 'harbourside-motors')).map((l) => l.id)).not.toContain(lead_id);
  });

  it('refuses an eleventh enquiry from one phone within the hour, however the number is written', async () => {
    const phone = (i: number) => (i % 2 ? '0499 000 111' : '+61 499 000 111');
    const answers: number[] = [];
    for (let i = 0; i < 11; i++)
      answers.push(
        (await submit('harbourside-motors', lead({ userData: { ...userData, phone: phone(i) } }))).statusCode,
      );
    expect(answers).toEqual([...Array<number>(10).fill(201), 429]);
    // Another site's limit is its own.
    expect((await submit('coastal-caravans', lead({ userData: { ...userData, phone: phone(0) } }))).statusCode).toBe(
      201,
    );
  });

  it('stores ten of twenty enquiries sent at once from one phone, and refuses the rest naming the phone', async () => {
    const phone = { ...userData, phone: '0499 000 222' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => submit('harbourside-motors', lead({ userData: phone }))),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(10);
    expect(refused[0]!.json()).toEqual({
      error: 'Too many enquiries in a short time. Please try again later, or call us.',
      field: 'userData.phone',
    });
    const stored = await database.db
      .selectFrom('leads')
      .select('id')
      .where('tenant', '=', 'harbourside-motors')
      .where('phone_digits', '=', '0499000222')
      .execute();
    expect(stored).toHaveLength(10);
  });

  it('counts an enquiry with a fresh Idempotency-Key against its phone, and still answers a retry of a stored one', async () => {
    const phone = { ...userData, phone: '0499 000 333' };
    const first = await submit('harbourside-motors', lead({ userData: phone }), {
      'idempotency-key': 'phone-limit-key-00',
    });
    for (let i = 1; i < 10; i++)
      expect((await submit('harbourside-motors', lead({ userData: phone }))).statusCode).toBe(201);
    const fresh = await submit('harbourside-motors', lead({ userData: phone }), {
      'idempotency-key': 'phone-limit-key-01',
    });
    expect(fresh.statusCode).toBe(429);
    const retry = await submit('harbourside-motors', lead({ userData: phone }), {
      'idempotency-key': 'phone-limit-key-00',
    });
    expect({ status: retry.statusCode, body: retry.json() }).toEqual({ status: 200, body: first.json() });
  });

  it('refuses a twenty-first enquiry from one address within the minute, with a plain message', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 21; i++)
      answers.push(
        (
          await submit(
            'harbourside-motors',
            lead({ userData: { ...userData, phone: `04${String(10_000_000 + i)}` } }),
            {},
            '192.0.2.7',
          )
        ).statusCode,
      );
    expect(answers).toEqual([...Array<number>(20).fill(201), 429]);
    const last = await submit('harbourside-motors', lead(), {}, '192.0.2.7');
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({
      error: 'Too many enquiries in a short time. Please try again later, or call us.',
    });
  });

  it('answers 4xx, never 5xx, for a body that is not JSON or far too big', async () => {
    expect((await submit('harbourside-motors', '{"form":')).statusCode).toBe(400);
    const huge = await submit(
      'harbourside-motors',
      lead({ userData: { ...userData, message: 'x'.repeat(70 * 1024) } }),
    );
    expect(huge.statusCode).toBe(413);
  });
});

describe("the browser's lead sender against the endpoint", () => {
  /** fetch through the real route; `lose` drops the answer after the server has taken the request (a connection lost on the way back). */
  function senderFetch(options: { lose: boolean }) {
    return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const response = await platform.app.inject({
        method: 'POST',
        url: String(input),
        payload: String(init?.body ?? ''),
        headers: { ...(init?.headers as Record<string, string>), 'x-forecourt-tenant': 'harbourside-motors' },
        remoteAddress: '10.250.0.1',
      });
      if (options.lose) throw new TypeError('Failed to fetch');
      return new Response(response.body, {
        status: response.statusCode,
        headers: { 'content-type': 'application/json' },
      });
    };
  }

  it("says 'An error occurred when submitting this form' when the answer is lost, and the shopper's second Send is the same lead", async () => {
    const network = { lose: true };
    const send = createLeadSender((input, init) => senderFetch(network)(input as string, init));
    const body = {
      form: 'enquiry',
      userData: { ...userData, last_name: 'Lost-Answer' },
      url: '/contact',
      lead_attributes: { visited_pages: ['/contact'], linked_query_params: {} },
    };
    expect(await send(body)).toEqual({ status: 'failed', message: 'An error occurred when submitting this form' });
    network.lose = false;
    const again = await send(body);
    expect(again.status).toBe('sent');
    const stored = (await recentLeads(database.db, 'harbourside-motors', 50)).filter(
      (lead) => (lead.payload['userData'] as { last_name: string }).last_name === 'Lost-Answer',
    );
    expect(stored.map((lead) => lead.id)).toEqual([again.status === 'sent' ? again.leadId : '']);
  });

  it('sends a corrected enquiry as a new lead', async () => {
    const send = createLeadSender((input, init) => senderFetch({ lose: false })(input as string, init));
    const body = {
      form: 'enquiry',
      userData: { ...userData, last_name: 'Corrected' },
      url: '/contact',
      lead_attributes: { visited_pages: [], linked_query_params: {} },
    };
    const first = await send(body);
    const second = await send({
      ...body,
      userData: { ...body.userData, message: 'Actually, is the blue one available?' },
    });
    expect(first.status === 'sent' && second.status === 'sent' && first.leadId !== second.leadId).toBe(true);
  });

  it("puts the server's word on the field it names", async () => {
    const send = createLeadSender((input, init) => senderFetch({ lose: false })(input as string, init));
    const outcome = await send({
      form: 'enquiry',
      userData: { ...userData, postcode: '20000' },
      url: '/contact',
      lead_attributes: { visited_pages: [], linked_query_params: {} },
    });
    expect(outcome).toEqual({
      status: 'invalid',
      field: 'postcode',
      message: 'Invalid postcode. Please enter a 4-digit number.',
    });
  });
});
