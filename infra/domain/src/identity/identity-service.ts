import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { CODE_EXPIRED, CODE_LENGTH, INVALID_CODE, TOO_MANY_ATTEMPTS } from '@forecourt/shared-config/identity';
import type { PlatformTables } from '@forecourt/data/schema';
import type { RotatingSecret } from '@forecourt/config/secrets';
import type { SmsGateway } from './sms-gateway';

export interface IdentitySettings {
  /** A code's life (spec of #8: 10 minutes). */
  codeTtlMs: number;
  /** Wrong tries a code takes before it is locked (5). */
  maxAttempts: number;
  /** Codes one phone may be sent per hour on one site. */
  sendsPerPhonePerHour: number;
  /** A session's life. */
  sessionTtlMs: number;
}

export const DEFAULT_IDENTITY_SETTINGS: IdentitySettings = {
  codeTtlMs: 10 * 60 * 1000,
  maxAttempts: 5,
  sendsPerPhonePerHour: 5,
  sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
};

const HOUR_MS = 60 * 60 * 1000;

export interface UserDetails {
  first_name?: string | undefined;
  last_name?: string | undefined;
  email?: string | undefined;
}

export type SendResult = { ok: true; expiresAt: Date } | { ok: false; reason: 'too-many' };
export type VerifyResult =
  | { ok: true; userId: string; sessionToken: string; sessionExpiresAt: Date }
  | { ok: false; reason: 'invalid' | 'expired' | 'too-many'; message: string };

export interface SignedIn {
  userId: string;
  phone: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Sign-in by a one-time SMS code, and the sessions it opens: the embedded identity provider.
 * Codes are 6 digits from the CSPRNG, kept only as an HMAC under the install's secret (keyed by
 * site and phone too, so a hash is worthless anywhere else), used once, dead after 10 minutes or
 * 5 wrong tries. Sends are limited per phone here (the route limits them per address too).
 * Every read and write names the site: a phone signed in on one dealer's site is a stranger on
 * another's.
 */
export class IdentityService {
  constructor(
    private readonly db: Kysely<PlatformTables>,
    /** Codes are hashed with the current secret and checked against the previous one too while it is rotated. */
    private readonly secret: RotatingSecret,
    private readonly sms: SmsGateway,
    private readonly clock: () => Date = () => new Date(),
    readonly settings: IdentitySettings = DEFAULT_IDENTITY_SETTINGS,
  ) {}

  private codeHash(tenant: string, phone: string, code: string, secret: string = this.secret.current): string {
    return createHmac('sha256', secret).update(`${tenant}\n${phone}\n${code}`).digest('hex');
  }

  /** Whether `code` is the one `codeHash` stored: a code sent just before a rotation still signs in. */
  private codeMatches(storedHash: string, tenant: string, phone: string, code: string): boolean {
    const expected = Buffer.from(storedHash, 'hex');
    return [this.secret.current, this.secret.previous].some((secret) => {
      if (secret === undefined) return false;
      const given = Buffer.from(this.codeHash(tenant, phone, code, secret), 'hex');
      return given.length === expected.length && timingSafeEqual(expected, given);
    });
  }

  /** Codes sent to this phone on this site in the last hour. */
  async recentSends(tenant: string, phone: string): Promise<number> {
    const since = new Date(this.clock().getTime() - HOUR_MS);
    const row = await this.db
      .selectFrom('otp_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant', '=', tenant)
      .where('phone', '=', phone)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Spec `POST /api/rate-limit`: may this phone be sent a code now? */
  async maySend(tenant: string, phone: string): Promise<boolean> {
    return (await this.recentSends(tenant, phone)) < this.settings.sendsPerPhonePerHour;
  }

  /**
   * Sends a new code (a resend makes the earlier codes useless: only the newest counts). The
   * limit is claimed before the code is sent: the count and the code's row in one transaction
   * under a lock on the site and phone (as leads take theirs), so parallel sends on any number of
   * instances cannot pass it. The details typed with the request wait on the code's row: a
   * contact is made or changed only when the phone is verified.
   */
  async sendCode(input: {
    tenant: string;
    siteName: string;
    phone: string;
    details: UserDetails;
    clientAddress: string | null;
  }): Promise<SendResult> {
    const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + this.settings.codeTtlMs);
    const details = Object.fromEntries(Object.entries(input.details).filter(([, value]) => value !== undefined));
    const claimed = await this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`otp-phone:${input.tenant}:${input.phone}`}::text, 0))`.execute(
        trx,
      );
      const since = new Date(now.getTime() - HOUR_MS);
      const row = await trx
        .selectFrom('otp_codes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('tenant', '=', input.tenant)
        .where('phone', '=', input.phone)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      if (Number(row.n) >= this.settings.sendsPerPhonePerHour) return false;
      await trx
        .insertInto('otp_codes')
        .values({
          tenant: input.tenant,
          phone: input.phone,
          code_hash: this.codeHash(input.tenant, input.phone, code),
          created_at: now,
          expires_at: expiresAt,
          client_address: input.clientAddress,
          details: Object.keys(details).length ? JSON.stringify(details) : null,
        })
        .execute();
      return true;
    });
    if (!claimed) return { ok: false, reason: 'too-many' };
    await this.sms.send({
      tenant: input.tenant,
      to: input.phone,
      body: `${code} is your ${input.siteName} sign-in code. It expires in ${Math.round(this.settings.codeTtlMs / 60_000)} minutes.`,
    });
    return { ok: true, expiresAt };
  }

  private async upsertUser(tenant: string, phone: string, details: UserDetails): Promise<string> {
    const row = await this.db
      .insertInto('identity_users')
      .values({
        tenant,
        phone,
        first_name: details.first_name ?? null,
        last_name: details.last_name ?? null,
        email: details.email ?? null,
      })
      .onConflict((oc) =>
        oc.columns(['tenant', 'phone']).doUpdateSet({
          first_name: sql`coalesce(excluded.first_name, identity_users.first_name)`,
          last_name: sql`coalesce(excluded.last_name, identity_users.last_name)`,
          email: sql`coalesce(excluded.email, identity_users.email)`,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Checks a code against the newest one sent to the phone. A wrong code uses one of its tries
   * (counted in one UPDATE, so parallel guesses cannot share a try); the fifth wrong try locks
   * it. The right code is spent in the same way, so it signs in once.
   */
  async verifyCode(input: {
    tenant: string;
    phone: string;
    code: string;
    dealershipSlug: string | null;
  }): Promise<VerifyResult> {
    const latest = await this.db
      .selectFrom('otp_codes')
      .selectAll()
      .where('tenant', '=', input.tenant)
      .where('phone', '=', input.phone)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!latest || latest.used_at) return { ok: false, reason: 'invalid', message: INVALID_CODE };
    if (latest.attempts >= this.settings.maxAttempts)
      return { ok: false, reason: 'too-many', message: TOO_MANY_ATTEMPTS };
    if (new Date(latest.expires_at).getTime() <= this.clock().getTime())
      return { ok: false, reason: 'expired', message: CODE_EXPIRED };

    if (!this.codeMatches(latest.code_hash, input.tenant, input.phone, input.code)) {
      const counted = await this.db
        .updateTable('otp_codes')
        .set({ attempts: sql`attempts + 1` })
        .where('id', '=', latest.id)
        .where('attempts', '<', this.settings.maxAttempts)
        .returning('attempts')
        .executeTakeFirst();
      if (!counted || counted.attempts >= this.settings.maxAttempts)
        return { ok: false, reason: 'too-many', message: TOO_MANY_ATTEMPTS };
      return { ok: false, reason: 'invalid', message: INVALID_CODE };
    }
    const spent = await this.db
      .updateTable('otp_codes')
      .set({ used_at: this.clock() })
      .where('id', '=', latest.id)
      .where('used_at', 'is', null)
      .where('attempts', '<', this.settings.maxAttempts)
      .returning('id')
      .executeTakeFirst();
    if (!spent) return { ok: false, reason: 'invalid', message: INVALID_CODE };

    // The phone is verified: the contact is made, or updated with what was typed with this code.
    const userId = await this.upsertUser(input.tenant, input.phone, latest.details ?? {});
    await this.db
      .insertInto('verifications')
      .values({
        website_slug: input.tenant,
        dealership_slug: input.dealershipSlug,
        verification_type: 'sms',
        user_id: userId,
      })
      .execute();
    const session = await this.openSession(input.tenant, userId);
    return { ok: true, userId, sessionToken: session.token, sessionExpiresAt: session.expiresAt };
  }

  private async openSession(tenant: string, userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + this.settings.sessionTtlMs);
    await this.db
      .insertInto('sessions')
      .values({ token_hash: sha256(token), tenant, user_id: userId, created_at: now, expires_at: expiresAt })
      .execute();
    return { token, expiresAt };
  }

  /** The user a session token belongs to on this site, or null (unknown, expired, or another site's). */
  async sessionUser(tenant: string, token: string | undefined): Promise<SignedIn | null> {
    if (!token) return null;
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('identity_users', 'identity_users.id', 'sessions.user_id')
      .select(['identity_users.id as userId', 'identity_users.phone as phone', 'sessions.expires_at as expiresAt'])
      .where('sessions.token_hash', '=', sha256(token))
      .where('sessions.tenant', '=', tenant)
      .where('identity_users.tenant', '=', tenant)
      .executeTakeFirst();
    if (!row || new Date(row.expiresAt).getTime() <= this.clock().getTime()) return null;
    return { userId: row.userId, phone: row.phone };
  }

  async signOut(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.db.deleteFrom('sessions').where('token_hash', '=', sha256(token)).execute();
  }

  /** Spec `GET /api/check-if-contact-exists`: has this phone been a contact of this site? */
  async contactExists(tenant: string, phone: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('identity_users')
      .select('id')
      .where('tenant', '=', tenant)
      .where('phone', '=', phone)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Housekeeping: codes older than a day and expired sessions. */
  async prune(): Promise<void> {
    const now = this.clock();
    await this.db
      .deleteFrom('otp_codes')
      .where('created_at', '<', new Date(now.getTime() - 24 * HOUR_MS))
      .execute();
    await this.db.deleteFrom('sessions').where('expires_at', '<', now).execute();
    await this.db
      .deleteFrom('sms_outbox')
      .where('sent_at', '<', new Date(now.getTime() - 24 * HOUR_MS))
      .execute();
  }
}
