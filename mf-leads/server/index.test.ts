/** @jest-environment node */
import Fastify, { type FastifyInstance } from 'fastify';
import leadsServer, { type LeadsPorts, type LeadRecord } from './index';

/**
 * The lead API on a site with the online trade-in valuation and on one without it (tenant
 * `leads.tradeIn` off): the second takes no valuation lead and has no rego lookup or Accept Offer.
 */
const RULES = { commentsRequired: true, termsRequired: false, postcodeShown: true };

let stored: LeadRecord[];
let app: FastifyInstance;

async function siteWith(tradeIn: boolean) {
  stored = [];
  app = Fastify();
  const ports: Partial<LeadsPorts> = {
    formRules: () => ({ ...RULES, tradeIn }),
    storeLead: async (_request, lead) => {
      stored.push(lead);
      return { status: 'stored', leadId: `lead-${stored.length}` };
    },
    regoLookup: async () => ({
      year: 2019,
      make: 'Toyota',
      model: 'Corolla',
      badge: null,
      body: null,
      transmission: null,
      fuel: null,
    }),
    marketAverage: async () => 25_000,
    tradeInLead: async () => null,
  };
  await app.register(leadsServer, { ports });
  return app;
}
afterEach(async () => app.close());

const tradeIn = {
  form: 'trade-in',
  url: '/trade-in',
  lead_attributes: { visited_pages: [], linked_query_params: {} },
  userData: {
    name: 'Jo',
    last_name: 'Citizen',
    email: 'jo@example.com',
    phone: '0412 345 678',
    postcode: '2000',
    year: String(new Date().getFullYear() - 3),
    make: 'Toyota',
    model: 'Corolla',
    km: '45000',
    condition: 'Good',
    accident: 'No',
    service_history: 'Full',
    keys: '2 or more',
    PreferredContactMethod: 'Phone',
  },
};
const post = (url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: { 'idempotency-key': 'test-key-0001' } });

describe('a site whose online trade-in valuation is off (leads.tradeIn)', () => {
  it('refuses a valuation lead with a 400 naming the form, and stores nothing', async () => {
    await siteWith(false);
    const response = await post('/api/leads/submit', tradeIn);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'form: This site does not value trade-ins online. Please send a trade-in enquiry or call us.',
      field: 'form',
    });
    expect(stored).toEqual([]);
  });

  it('still takes the trade-in enquiry its pages send instead', async () => {
    await siteWith(false);
    const enquiry = {
      ...tradeIn,
      form: 'enquiry',
      userData: {
        name: 'Jo',
        last_name: 'Citizen',
        email: 'jo@example.com',
        phone: '0412 345 678',
        postcode: '2000',
        category: 'Trade-in',
        message: 'A 2019 Corolla, 45,000 km.',
      },
    };
    const response = await post('/api/leads/submit', enquiry);
    expect(response.statusCode).toBe(201);
    expect(stored[0]?.userData['category']).toBe('Trade-in');
  });

  it('has no rego lookup and no Accept Offer (404)', async () => {
    await siteWith(false);
    expect((await post('/api/leads/rego-lookup', { rego: 'ABC123', regoState: 'NSW' })).statusCode).toBe(404);
    expect(
      (
        await post('/api/leads/offer-accepted', {
          lead_id: 'lead-1',
          form_completed: true,
          offer_accepted: true,
          subcategory: '3. Offer Accepted',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('a site with the online trade-in valuation (the default)', () => {
  it('answers a valuation lead with its offer', async () => {
    await siteWith(true);
    const response = await post('/api/leads/submit', tradeIn);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ lead_id: 'lead-1', valuation: { status: 'offer' } });
  });
});
