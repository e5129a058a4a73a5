import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PlatformTables } from '@forecourt/data/schema';
import { loadConfig, PARTNERS, partnerMode, type Config } from '@forecourt/config/load';
import { unreachableReason } from '@forecourt/partners/fetch-failure';

/** How long the dealer's CRM has to answer a delivery before the attempt counts as failed. */
const CRM_TIMEOUT_MS = 10_000;

export interface OutgoingLead {
  id: string;
  tenant: string;
  form: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/**
 * The dealer's CRM, as the platform delivers leads to it. Delivery is at least once (a retry
 * after a lost answer sends the lead again), so every adapter passes the lead id for the CRM to
 * recognise a repeat.
 *
 * - `DevCrm` (the embedded default): the `dev_crm_leads` table, shown at `/_dev/crm` outside
 *   production; a repeat of a lead is kept once.
 * - `WebhookCrm` (production): POSTs `{ lead_id, tenant, form, created_at, lead }` as JSON to the
 *   dealer's endpoint (FORECOURT_CRM_WEBHOOK_URL) with `Idempotency-Key: {lead id}` and an
 *   `X-Forecourt-Signature: sha256={HMAC of the body}` under FORECOURT_CRM_WEBHOOK_SECRET; any
 *   answer but 2xx, or none in 10 s, is a failed attempt.
 */
export interface Crm {
  readonly kind: 'dev' | 'webhook';
  deliver(lead: OutgoingLead): Promise<void>;
  /** Several leads at once, all or none (a CRM with a batch API); without it, one by one. */
  deliverMany?(leads: readonly OutgoingLead[]): Promise<void>;
}

export class DevCrm implements Crm {
  readonly kind = 'dev';
  constructor(private readonly db: Kysely<PlatformTables>) {}

  async deliver(lead: OutgoingLead): Promise<void> {
    await this.deliverMany([lead]);
  }

  /** One statement for a round's leads: on the embedded database every statement runs on the server's own thread. */
  async deliverMany(leads: readonly OutgoingLead[]): Promise<void> {
    if (leads.length === 0) return;
    await this.db
      .insertInto('dev_crm_leads')
      .values(
        leads.map((lead) => ({
          lead_id: lead.id,
          tenant: lead.tenant,
          payload: JSON.stringify({ form: lead.form, ...lead.payload }),
        })),
      )
      .onConflict((oc) => oc.column('lead_id').doNothing())
      .execute();
  }
}

export class WebhookCrm implements Crm {
  readonly kind = 'webhook';
  constructor(
    private readonly url: string,
    private readonly secret: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async deliver(lead: OutgoingLead): Promise<void> {
    const body = JSON.stringify({
      lead_id: lead.id,
      tenant: lead.tenant,
      form: lead.form,
      created_at: lead.createdAt.toISOString(),
      lead: lead.payload,
    });
    const signature = createHmac('sha256', this.secret).update(body).digest('hex');
    const signal = AbortSignal.timeout(CRM_TIMEOUT_MS);
    let response: Response;
    try {
      response = await this.fetchImpl(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': lead.id,
          'x-forecourt-signature': `sha256=${signature}`,
        },
        body,
        signal,
      });
    } catch (error) {
      // Kept as the lead's last error and shown in the console: the reason, not fetch's 'fetch failed'.
      throw new Error(`CRM webhook unreachable: ${unreachableReason(error, signal, CRM_TIMEOUT_MS)}`, { cause: error });
    }
    if (!response.ok) throw new Error(`CRM webhook answered ${response.status}`);
  }
}

/** FORECOURT_CRM_WEBHOOK_URL and _SECRET (or FORECOURT_CRM=http|simulator) select the webhook; else the development CRM. */
export function crmFromConfig(db: Kysely<PlatformTables>, config: Config = loadConfig()): Crm {
  const { FORECOURT_CRM_WEBHOOK_URL: url, FORECOURT_CRM_WEBHOOK_SECRET: secret } = config;
  if (partnerMode(config, PARTNERS.crm) === 'http' && url && secret) return new WebhookCrm(url, secret);
  return new DevCrm(db);
}
