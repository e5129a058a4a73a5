import { createHash } from 'node:crypto';
import { defineTeamServer, type PlatformPorts } from '@forecourt/shared-config/server';
import type { FastifyRequest } from 'fastify';
import packageJson from '../package.json';
import { LEAD_SOURCE, leadBodySchema, type EnquiryRules, type LeadBody } from '../src/features/lead-forms/lib/lead-schema';

/** A lead as the platform stores it: the form's body and what the server adds (never the body's word for the site). */
export interface LeadRecord extends LeadBody {
  source: typeof LEAD_SOURCE;
  user_agent: string | null;
}

export type StoreLeadResult = { status: 'stored' | 'replayed'; leadId: string } | { status: 'conflict' };

export interface LeadsPorts extends PlatformPorts {
  /** The request's site's form rules (from its tenant config), or null when the request names no site. */
  formRules: (request: FastifyRequest) => EnquiryRules | null;
  /**
   * Stores the lead for the request's site durably, with its delivery outbox row, in one
   * transaction, before the answer. With an idempotency key: the same key and body give the first
   * lead's id again ('replayed'); the same key with another body is a 'conflict'.
   */
  storeLead: (request: FastifyRequest, lead: LeadRecord, idempotency: { key: string; bodyHash: string } | null) => Promise<StoreLeadResult>;
  /** Leads the request's site received from this mobile (digits only) in the last hour. */
  leadsFromPhoneLastHour: (request: FastifyRequest, phoneDigits: string) => Promise<number>;
  /** The limits (default LEADS_PER_ADDRESS_PER_MINUTE and LEADS_PER_PHONE_PER_HOUR). */
  leadLimits: { perAddressPerMinute: number; perPhonePerHour: number };
}

/** Enquiries one address may send a minute, and one phone an hour on one site: far above a shopper, far below a flood. */
export const LEADS_PER_ADDRESS_PER_MINUTE = 20;
export const LEADS_PER_PHONE_PER_HOUR = 10;
/** Not in the spec: what a limited sender is told. */
export const TOO_MANY_LEADS = 'Too many enquiries in a short time. Please try again later, or call us.';

/** A phone as digits, +61 as 0, so '0412 345 678' and '+61412345678' count as one sender. */
const phoneDigits = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('61') ? `0${digits.slice(2)}` : digits;
};

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,200}$/;

/** One JSON text of a value, its object keys sorted, so equal bodies hash alike whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * mf-leads's API under /api/leads/. The team declares the ports it needs here and infra passes
 * implementations when it mounts the plugin (tests pass their own); this folder never imports
 * infra.
 *
 * - `POST /api/leads/submit`: a lead (form, userData, url, lead_attributes), checked by the same
 *   schema the browser's form uses with the site's rules (400 naming the field), stored durably
 *   before the answer: 201 `{ lead_id }`. `Idempotency-Key` (8-200 of letters, digits, `_.:-`)
 *   makes a retry safe: the same key and body answer 200 with the same `lead_id`; the same key
 *   with another body answers 422.
 * - Limits: 20 a minute per address, 10 an hour per phone per site (429 with a plain message; a
 *   retry with an Idempotency-Key is not counted against the phone again).
 */
export default defineTeamServer<LeadsPorts>({
  team: 'mf-leads',
  version: packageJson.version,
  defaultPorts: {
    formRules: () => null,
    leadsFromPhoneLastHour: async () => 0,
    leadLimits: { perAddressPerMinute: LEADS_PER_ADDRESS_PER_MINUTE, perPhonePerHour: LEADS_PER_PHONE_PER_HOUR },
    storeLead: async () => {
      throw new Error('mf-leads: no lead store was given (the platform passes one)');
    },
  },
  routes: (fastify, ports) => {
    fastify.post('/submit', { bodyLimit: 64 * 1024, config: { rateLimit: { max: ports.leadLimits.perAddressPerMinute, timeWindow: 60_000 }, rateLimitMessage: TOO_MANY_LEADS } }, async (request, reply) => {
      const rules = ports.formRules(request);
      if (!rules) return reply.code(404).send({ error: 'No dealer site at this address' });
      const parsed = leadBodySchema(rules).safeParse(request.body ?? null);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.length ? issue.path.join('.') : 'body';
        return reply.code(400).send({ error: `${field}: ${issue?.message ?? 'is invalid'}`, field });
      }
      const rawKey = request.headers['idempotency-key'];
      const key = typeof rawKey === 'string' ? rawKey : undefined;
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
        return reply.code(400).send({ error: 'Idempotency-Key: must be 8 to 200 letters, digits or _.:-', field: 'Idempotency-Key' });
      }
      if (!key && (await ports.leadsFromPhoneLastHour(request, phoneDigits(parsed.data.userData.phone))) >= ports.leadLimits.perPhonePerHour) {
        return reply.code(429).send({ error: TOO_MANY_LEADS, field: 'userData.phone' });
      }
      const lead: LeadRecord = { ...parsed.data, source: LEAD_SOURCE, user_agent: request.headers['user-agent']?.slice(0, 512) ?? null };
      const idempotency = key ? { key, bodyHash: createHash('sha256').update(canonicalJson(parsed.data)).digest('hex') } : null;
      const result = await ports.storeLead(request, lead, idempotency);
      if (result.status === 'conflict') {
        return reply.code(422).send({ error: 'Idempotency-Key: this key was used for a different lead', field: 'Idempotency-Key' });
      }
      return reply.code(result.status === 'stored' ? 201 : 200).send({ lead_id: result.leadId });
    });
  },
});
