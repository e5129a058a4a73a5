import type { Kysely } from 'kysely';
import type { PlatformTables } from '@forecourt/data/schema';
import { loadConfig, PARTNERS, partnerMode, type Config } from '@forecourt/config/load';

/**
 * Sending an SMS: the one partner call of sign-in. The platform talks to this port only.
 *
 * - `OutboxSmsGateway` (the embedded default): writes the message to the `sms_outbox` table and
 *   the server log instead of a phone network. The development outbox page (`/_dev/outbox`)
 *   lists it, so a developer, a tester or an e2e journey reads the code the way a shopper would
 *   read their phone. It answers like a gateway that accepted the message.
 * - `HttpSmsGateway` (production): POSTs `{ to, body, sender }` as JSON with a bearer token to
 *   the SMS provider's send endpoint (FORECOURT_SMS_URL, FORECOURT_SMS_TOKEN, FORECOURT_SMS_SENDER),
 *   which is the shape of the common SMS HTTP APIs; a non-2xx answer is an error, so the code is
 *   not counted as sent and the shopper is told to try again.
 */
export interface SmsGateway {
  readonly kind: 'outbox' | 'http';
  send(message: { tenant: string; to: string; body: string }): Promise<void>;
}

export class OutboxSmsGateway implements SmsGateway {
  readonly kind = 'outbox';
  constructor(
    private readonly db: Kysely<PlatformTables>,
    private readonly log: (line: string) => void,
  ) {}

  async send(message: { tenant: string; to: string; body: string }): Promise<void> {
    await this.db
      .insertInto('sms_outbox')
      .values({ tenant: message.tenant, to_phone: message.to, body: message.body })
      .execute();
    this.log(`sms outbox: to ${message.to} (${message.tenant}): ${message.body}`);
  }
}

export class HttpSmsGateway implements SmsGateway {
  readonly kind = 'http';
  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly sender: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(message: { tenant: string; to: string; body: string }): Promise<void> {
    // The provider wants international format: 0412345678 -> +61412345678.
    const to = `+61${message.to.slice(1)}`;
    const response = await this.fetchImpl(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
      body: JSON.stringify({ to, body: message.body, sender: this.sender }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  }
}

export interface OutboxMessage {
  to: string;
  body: string;
  sentAt: Date;
}

/** The newest messages of a site's outbox, newest first. */
export async function readOutbox(db: Kysely<PlatformTables>, tenant: string, limit = 50): Promise<OutboxMessage[]> {
  const rows = await db
    .selectFrom('sms_outbox')
    .select(['to_phone', 'body', 'sent_at'])
    .where('tenant', '=', tenant)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ to: row.to_phone, body: row.body, sentAt: new Date(row.sent_at) }));
}

/** The gateway the configuration asks for: HTTP when FORECOURT_SMS_URL is set (or FORECOURT_SMS=http), else the outbox. */
export function smsGatewayFromConfig(
  db: Kysely<PlatformTables>,
  log: (line: string) => void,
  config: Config = loadConfig(),
): SmsGateway {
  const { FORECOURT_SMS_URL: url, FORECOURT_SMS_TOKEN: token } = config;
  if (partnerMode(config, PARTNERS.sms) === 'http' && url && token)
    return new HttpSmsGateway(url, token, config.FORECOURT_SMS_SENDER);
  return new OutboxSmsGateway(db, log);
}
