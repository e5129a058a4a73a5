import { defineTeamServer, type PlatformPorts } from '@forecourt/shared-config/server';
import { bodyHash, idempotencyKey, keyReused } from '@forecourt/shared-config/server/idempotency';
import { fieldError, parseInput } from '@forecourt/shared-config/server/validation';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import packageJson from '../package.json';
import { renderLeadsFirstPaint } from './first-paint';
import type {
  AvailabilityDay,
  FormContextAnswer,
  MyEnquiries,
  MyEnquiry,
  OfferAcceptedAnswer,
  RegoLookupAnswer,
  RegoVehicle,
  TestDriveTimesAnswer,
  Valuation,
} from '../src/contract';
import {
  asChoices,
  enquiryDefaults,
  locationChoices,
  type LeadCarFacts,
  type LeadLocation,
} from '../src/features/lead-forms/lib/form-context';
import { parseLeadBody, type LeadBody } from '../src/features/lead-forms/lib/lead-body';
import {
  LEAD_FORMS,
  LEAD_SOURCE,
  testDriveSubcategory,
  type EnquiryRules,
  type LeadForm,
} from '../src/features/lead-forms/lib/lead-schema';
import { enquiryTitle, SIGN_IN_FOR_ENQUIRIES } from '../src/features/my-enquiries/lib/my-enquiries';
import {
  estimateTradeIn,
  OFFER_ACCEPTED_SUBCATEGORY,
  offerAcceptanceSchema,
  REGO_NOT_FOUND,
  regoLookupSchema,
  VALUATION_GIVEN_SUBCATEGORY,
  VALUATION_REQUESTED_SUBCATEGORY,
  type TradeIn,
} from '../src/features/trade-in/lib/valuation';
import { isOffered, testDriveAvailability } from '../src/features/test-drive/lib/availability';

/** A lead as the platform stores it: the form's checked values and what the server adds (never the body's word for the site or the car). */
export interface LeadRecord extends LeadBody {
  source: typeof LEAD_SOURCE;
  user_agent: string | null;
  car_id: string | null;
  car_dealership_id: string | null;
}

/** A stored lead as the garage needs it. */
export interface ShopperLead {
  id: string;
  form: string;
  /** The lead's userData and car_id as sent. */
  payload: Record<string, unknown>;
  createdAt: Date;
}

/** 'taken': a test drive's slot (location and time) is another lead's. */
export type StoreLeadResult =
  | { status: 'stored' | 'replayed'; leadId: string }
  | { status: 'conflict' }
  | { status: 'limited' }
  | { status: 'taken' };

export interface LeadsPorts extends PlatformPorts {
  /** The request's site's form rules (from its tenant config), or null when the request names no site. */
  formRules: (request: FastifyRequest) => EnquiryRules | null;
  /** The site's dealer clock (IANA zone). */
  timeZone: (request: FastifyRequest) => string;
  /** The site's car by id, as stock has it (null when the site has no such car). */
  carForLead: (request: FastifyRequest, carId: string) => Promise<LeadCarFacts | null>;
  /** The site's visible locations, with their hours. */
  leadLocations: (request: FastifyRequest) => Promise<LeadLocation[]>;
  /** Test-drive times already booked at a location from `fromDate` on ('YYYY-MM-DDTHH:mm'). */
  bookedTestDrives: (request: FastifyRequest, locationId: string, fromDate: string) => Promise<string[]>;
  /**
   * Stores the lead for the request's site durably, with its delivery outbox row, in one
   * transaction, before the answer. With an idempotency key: the same key and body give the first
   * lead's id again ('replayed'); the same key with another body is a 'conflict'. A lead whose
   * sender's mobile already sent `phonePerHour` leads to the site in the last hour is not stored
   * ('limited'), however many arrive at once and whatever their keys (a retry of a stored key is
   * not a new lead). A test drive whose slot (`userData.location_id` and `dateTime`) another lead
   * holds is not stored ('taken'): the store decides, so two shoppers at once cannot both book it.
   */
  storeLead: (
    request: FastifyRequest,
    lead: LeadRecord,
    idempotency: { key: string; bodyHash: string } | null,
    phonePerHour?: number,
  ) => Promise<StoreLeadResult>;
  /** The rego register (a real rego service in production): the car a plate belongs to, or null. */
  regoLookup: (request: FastifyRequest, rego: string, state: string) => Promise<RegoVehicle | null>;
  /** The retail average of comparable cars on the market (the price guide), null when there are none. */
  marketAverage: (
    request: FastifyRequest,
    car: { make: string; model: string; year: number },
  ) => Promise<number | null>;
  /** A trade-in lead of the request's site by id: its values and valuation (null when there is none). */
  tradeInLead: (request: FastifyRequest, leadId: string) => Promise<{ userData: Record<string, unknown> } | null>;
  /**
   * The signed-in shopper's leads on the request's site, newest first (at most 20), by the phone
   * they signed in with; null when nobody is signed in.
   */
  shopperLeads: (request: FastifyRequest) => Promise<ShopperLead[] | null>;
  /** The limits (default LEADS_PER_ADDRESS_PER_MINUTE and LEADS_PER_PHONE_PER_HOUR). */
  leadLimits: { perAddressPerMinute: number; perPhonePerHour: number };
}

/** Enquiries one address may send a minute, and one phone an hour on one site: far above a shopper, far below a flood. */
export const LEADS_PER_ADDRESS_PER_MINUTE = 20;
export const LEADS_PER_PHONE_PER_HOUR = 10;
/** Not in the spec: what a limited sender is told. */
export const TOO_MANY_LEADS = 'Too many enquiries in a short time. Please try again later, or call us.';
/** Not in the spec: a valuation asked of a site whose online trade-in valuation is off (tenant `leads.tradeIn`). */
export const NO_ONLINE_VALUATION =
  'This site does not value trade-ins online. Please send a trade-in enquiry or call us.';
/** Not in the spec: a test-drive time taken between the list and the send, or not offered at all. */
export const TIME_TAKEN = 'That time is no longer available. Please choose another.';

const formQuery = z
  .object({
    form: z.enum(LEAD_FORMS, { error: `must be one of ${LEAD_FORMS.join(', ')}` }),
    car_id: z.string().max(64).optional(),
  })
  .strict();
const timesQuery = z.object({ location_id: z.string().min(1, { error: 'is required' }).max(120) }).strict();

/**
 * The times a location offers now, on the dealer's clock: its hours, less its bookings when
 * `withBookings` (the list shoppers choose from). A lead is checked against the hours only: the
 * store decides whether the slot is still free, in the insert itself, so a retry is not refused
 * its own booking and two shoppers at once cannot both have it.
 */
async function availability(
  ports: LeadsPorts,
  request: FastifyRequest,
  location: LeadLocation,
  withBookings: boolean,
): Promise<AvailabilityDay[]> {
  const now = new Date();
  const timeZone = ports.timeZone(request);
  const from = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
  const booked = withBookings ? await ports.bookedTestDrives(request, location.id, from) : [];
  return testDriveAvailability({ weekly: location.weekly, special: location.special, booked, now, timeZone });
}

/**
 * mf-leads's API under /api/leads/. The team declares the ports it needs here and infra passes
 * implementations when it mounts the plugin (tests pass their own); this folder never imports
 * infra.
 *
 * - `GET /api/leads/form?form=&car_id=`: what the form needs to build the schema the server will
 *   check: its location choices and the car.
 * - `GET /api/leads/test-drive-times?location_id=`: the times a location offers for a test drive.
 * - `POST /api/leads/submit`: a lead (form, userData, url, lead_attributes), checked by the same
 *   schema the browser's form uses with the site's rules (400 naming the field), stored durably
 *   before the answer: 201 `{ lead_id }`. The car and its enquiry defaults come from stock by
 *   `car_id`; the site from the host. `Idempotency-Key` (8-200 of letters, digits, `_.:-`) makes
 *   a retry safe: the same key and body answer 200 with the same `lead_id`; the same key with
 *   another body answers 422. A test drive's time must be in the location's hours (400); one
 *   another shopper booked first answers 409 naming `userData.dateTime`.
 * - Limits: 20 a minute per address, 10 an hour per phone per site, however many arrive at once
 *   and whatever their keys (429 with a plain message; a retry of a stored Idempotency-Key is
 *   answered from its first and not counted again).
 * - A site with `leads.tradeIn` off takes no valuation: a `trade-in` lead is a 400 naming
 *   `form`, and the rego lookup and Accept Offer answer 404.
 */
export default defineTeamServer<LeadsPorts>({
  team: 'mf-leads',
  version: packageJson.version,
  defaultPorts: {
    formRules: () => null,
    timeZone: () => 'Australia/Sydney',
    carForLead: async () => null,
    leadLocations: async () => [],
    bookedTestDrives: async () => [],
    regoLookup: async () => null,
    marketAverage: async () => null,
    tradeInLead: async () => null,
    shopperLeads: async () => null,
    leadLimits: { perAddressPerMinute: LEADS_PER_ADDRESS_PER_MINUTE, perPhonePerHour: LEADS_PER_PHONE_PER_HOUR },
    storeLead: async () => {
      throw new Error('mf-leads: no lead store was given (the platform passes one)');
    },
  },
  firstPaint: (input) => renderLeadsFirstPaint(input),
  routes: (fastify, ports) => {
    const noSite = (reply: FastifyReply) => reply.code(404).send({ error: 'No dealer site at this address' });
    // The wizard's own calls (the rego lookup, Accept Offer) do not exist on a site without the online valuation.
    const noValuation = (reply: FastifyReply) => reply.code(404).send({ error: NO_ONLINE_VALUATION });

    fastify.get('/form', async (request, reply) => {
      if (!ports.formRules(request)) return noSite(reply);
      const query = parseInput(formQuery, request.query, 'query');
      const car = query.car_id ? await ports.carForLead(request, query.car_id) : null;
      if (query.car_id && !car) return fieldError(reply, 'car_id', 'no such car on this site');
      const answer: FormContextAnswer = {
        locations: asChoices(locationChoices(query.form, car, await ports.leadLocations(request))).locations.slice(),
        car: car ? { id: car.id, name: car.name, car_type: car.car_type, location_id: car.location_id } : null,
      };
      return reply.header('cache-control', 'private, max-age=60').send(answer);
    });

    // The signed-in shopper's enquiries (their garage): what each was, about which car, when.
    fastify.get('/mine', async (request, reply) => {
      if (!ports.formRules(request)) return noSite(reply);
      const leads = await ports.shopperLeads(request);
      reply.header('cache-control', 'private, no-store');
      if (!leads) return reply.code(401).send({ error: SIGN_IN_FOR_ENQUIRIES });
      const enquiries: MyEnquiry[] = await Promise.all(
        leads.map(async (lead) => {
          const carId = typeof lead.payload['car_id'] === 'string' ? lead.payload['car_id'] : null;
          const car = carId ? await ports.carForLead(request, carId) : null;
          const userData = (lead.payload['userData'] ?? {}) as Record<string, unknown>;
          return {
            id: lead.id,
            title: enquiryTitle(
              lead.form as LeadForm,
              typeof userData['subcategory'] === 'string' ? userData['subcategory'] : null,
            ),
            car: car ? { name: car.name, slug: car.slug } : null,
            sent_at: lead.createdAt.toISOString(),
          };
        }),
      );
      return reply.send({ enquiries } satisfies MyEnquiries);
    });

    fastify.get('/test-drive-times', async (request, reply) => {
      if (!ports.formRules(request)) return noSite(reply);
      const query = parseInput(timesQuery, request.query, 'query');
      const location = (await ports.leadLocations(request)).find((candidate) => candidate.id === query.location_id);
      if (!location) return fieldError(reply, 'location_id', 'no such location on this site');
      // Times change as shoppers book: never cached.
      return reply.header('cache-control', 'no-store').send({
        timeZone: ports.timeZone(request),
        days: await availability(ports, request, location, true),
      } satisfies TestDriveTimesAnswer);
    });

    fastify.post(
      '/submit',
      {
        bodyLimit: 64 * 1024,
        config: {
          rateLimit: { max: ports.leadLimits.perAddressPerMinute, timeWindow: 60_000 },
          rateLimitMessage: TOO_MANY_LEADS,
        },
      },
      async (request, reply) => {
        const rules = ports.formRules(request);
        if (!rules) return noSite(reply);
        const checkedKey = idempotencyKey(request.headers['idempotency-key']);
        if ('error' in checkedKey) return reply.code(400).send(checkedKey);
        const { key } = checkedKey;

        // The car first: it decides the form's location choices and the enquiry defaults.
        const raw = (request.body ?? null) as { form?: unknown; userData?: { car_id?: unknown } } | null;
        const carId = typeof raw?.userData?.car_id === 'string' && raw.userData.car_id ? raw.userData.car_id : null;
        const car = carId ? await ports.carForLead(request, carId) : null;
        if (carId && !car) return fieldError(reply, 'userData.car_id', 'no such car on this site');
        const form = LEAD_FORMS.includes(raw?.form as LeadForm) ? (raw?.form as LeadForm) : null;
        // A site without the online valuation takes no valuation lead (the estimator would make an offer the dealer never gives).
        if (form === 'trade-in' && rules.tradeIn === false) return fieldError(reply, 'form', NO_ONLINE_VALUATION);
        const needsLocations =
          form === 'test-drive' || ((form === 'enquiry' || form === 'find-similar' || form === 'service') && !car);
        const locations = needsLocations ? await ports.leadLocations(request) : [];
        const choices = form ? locationChoices(form, car, locations) : [];

        const body = parseInput(
          { safeParse: (value) => parseLeadBody(value, rules, () => asChoices(choices)) },
          raw,
          'body',
        );
        const userData: Record<string, unknown> = { ...body.userData, ...(car ? enquiryDefaults(car) : {}) };

        if (body.form === 'test-drive') {
          // Spec: the subcategory by the car's condition; the place the chosen location, else the car's.
          if (car) userData['subcategory'] = testDriveSubcategory(car.car_type);
          const locationId = (userData['location_id'] as string | undefined) ?? car?.location_id ?? choices[0]?.id;
          if (locationId) userData['location_id'] = locationId;
          const dateTime = userData['dateTime'] as string | undefined;
          if (dateTime) {
            const location = locations.find((candidate) => candidate.id === locationId);
            if (!location || !isOffered(await availability(ports, request, location, false), dateTime))
              return fieldError(reply, 'userData.dateTime', TIME_TAKEN);
          }
        }
        if (choices.length === 1 && !userData['location_id']) userData['location_id'] = choices[0]!.id;

        let valuation: Valuation | null = null;
        if (body.form === 'trade-in') {
          const tradeIn = userData as unknown as TradeIn;
          valuation = estimateTradeIn({
            year: tradeIn.year,
            km: tradeIn.km,
            answers: tradeIn,
            retailAverage: await ports.marketAverage(request, {
              make: tradeIn.make,
              model: tradeIn.model,
              year: tradeIn.year,
            }),
            now: new Date(),
          });
          userData['valuation'] = valuation;
          userData['subcategory'] =
            valuation.status === 'offer' ? VALUATION_GIVEN_SUBCATEGORY : VALUATION_REQUESTED_SUBCATEGORY;
        }

        const lead: LeadRecord = {
          ...body,
          userData,
          source: LEAD_SOURCE,
          user_agent: request.headers['user-agent']?.slice(0, 512) ?? null,
          car_id: car?.id ?? null,
          car_dealership_id: car?.dealership_id ?? null,
        };
        // The key's body is what the shopper sent (checked), so a retry matches whatever stock says by then.
        const idempotency = key ? { key, bodyHash: bodyHash(body) } : null;
        const result = await ports.storeLead(request, lead, idempotency, ports.leadLimits.perPhonePerHour);
        if (result.status === 'limited')
          return reply.code(429).send({ error: TOO_MANY_LEADS, field: 'userData.phone' });
        // Another shopper's booking of the slot committed first: nothing of this lead was stored.
        if (result.status === 'taken')
          return reply.code(409).send({ error: `userData.dateTime: ${TIME_TAKEN}`, field: 'userData.dateTime' });
        if (result.status === 'conflict') return reply.code(422).send(keyReused('a different lead'));
        return reply
          .code(result.status === 'stored' ? 201 : 200)
          .send({ lead_id: result.leadId, ...(valuation ? { valuation } : {}) });
      },
    );

    // The rego register is worth scraping: a shopper looks up a plate or two, a scraper thousands.
    fastify.post(
      '/rego-lookup',
      { bodyLimit: 4 * 1024, config: { rateLimit: { max: 30, timeWindow: 60_000 } } },
      async (request, reply) => {
        const rules = ports.formRules(request);
        if (!rules) return noSite(reply);
        if (rules.tradeIn === false) return noValuation(reply);
        const { rego, regoState } = parseInput(regoLookupSchema, request.body ?? null, 'body');
        const vehicle = await ports.regoLookup(request, rego, regoState);
        if (!vehicle) return reply.code(404).send({ error: REGO_NOT_FOUND, field: 'rego' });
        return reply.header('cache-control', 'no-store').send({ rego, regoState, vehicle } satisfies RegoLookupAnswer);
      },
    );

    /**
     * The offer accepted (spec §7: lead_id, form_completed, offer_accepted, subcategory
     * '3. Offer Accepted'): a lead of its own for the dealer's buyer, with the shopper's details
     * and the offer, stored once however often it is sent.
     */
    fastify.post(
      '/offer-accepted',
      {
        bodyLimit: 4 * 1024,
        config: {
          rateLimit: { max: ports.leadLimits.perAddressPerMinute, timeWindow: 60_000 },
          rateLimitMessage: TOO_MANY_LEADS,
        },
      },
      async (request, reply) => {
        const rules = ports.formRules(request);
        if (!rules) return noSite(reply);
        if (rules.tradeIn === false) return noValuation(reply);
        const acceptance = parseInput(offerAcceptanceSchema, request.body ?? null, 'body');
        const valued = await ports.tradeInLead(request, acceptance.lead_id);
        const valuation = valued?.userData['valuation'] as Valuation | undefined;
        if (!valued || valuation?.status !== 'offer')
          return fieldError(reply, 'lead_id', 'no valuation with an offer on this site');
        const {
          name,
          last_name,
          email,
          phone,
          postcode,
          PreferredContactMethod,
          year,
          make,
          model,
          badge,
          km,
          rego,
          regoState,
        } = valued.userData;
        const userData = {
          name,
          last_name,
          email,
          phone,
          postcode,
          PreferredContactMethod,
          year,
          make,
          model,
          badge,
          km,
          rego,
          regoState,
          ...acceptance,
          subcategory: OFFER_ACCEPTED_SUBCATEGORY,
          offer: valuation.offer,
        };
        const lead: LeadRecord = {
          form: 'trade-in',
          userData: Object.fromEntries(Object.entries(userData).filter(([, value]) => value !== undefined)),
          url: `/offer-accepted/${acceptance.lead_id}`,
          lead_attributes: { visited_pages: [], linked_query_params: {} },
          source: LEAD_SOURCE,
          user_agent: request.headers['user-agent']?.slice(0, 512) ?? null,
          car_id: null,
          car_dealership_id: null,
        };
        const result = await ports.storeLead(request, lead, {
          key: `offer-accepted:${acceptance.lead_id}`,
          bodyHash: 'offer-accepted',
        });
        if (result.status !== 'stored' && result.status !== 'replayed')
          return reply.code(422).send({ error: 'lead_id: this offer was answered already', field: 'lead_id' });
        return reply
          .code(result.status === 'stored' ? 201 : 200)
          .send({ lead_id: result.leadId } satisfies OfferAcceptedAnswer);
      },
    );
  },
});
