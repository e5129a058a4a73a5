import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { TOO_MANY_ATTEMPTS, type SessionAnswer } from '@forecourt/shared-config/identity';
import { MobileSchema, SendCodeSchema, VerifyCodeSchema } from '@forecourt/shared-config/identity-schemas';
import { parseInput } from '@forecourt/shared-config/server/validation';
import { isProduction } from '@forecourt/config/load';
import { DEFAULT_IDENTITY_SETTINGS, IdentityService, type SignedIn } from '@forecourt/domain/identity/identity-service';
import { readOutbox, smsGatewayFromConfig, type SmsGateway } from '@forecourt/domain/identity/sms-gateway';
import { renderPlainPage } from '@forecourt/pages/page';
import { installSecret } from '@forecourt/config/secrets';
import { scoped } from '@forecourt/shared-config/server';
import type { ContactExistsAnswer } from '@forecourt/mf-leads/contract';

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityService;
    /** Who the request's session cookie signs in on the request's site, or null. */
    signedIn: (request: FastifyRequest) => Promise<SignedIn | null>;
  }
}

/** The session cookie: HttpOnly (no script reads it), SameSite=Lax (not sent on cross-site posts). */
export const SESSION_COOKIE = 'forecourt_session';

export interface IdentityOptions {
  dataDir: string;
  clock?: () => Date;
  /** Default: FORECOURT_SMS_URL's HTTP gateway, else the development outbox. */
  sms?: SmsGateway;
  /** Codes one client address may ask for per hour (FORECOURT_CODES_PER_ADDRESS_PER_HOUR, default 20). */
  sendsPerAddressPerHour?: number;
  /** Show the development outbox page (default: when the outbox gateway is used outside production). */
  devOutbox?: boolean;
}

/** What a shopper reads when codes cannot be sent safely (the send limit cannot be counted). */
export const CODES_UNAVAILABLE = 'We cannot send a code just now. Please try again in a minute.';

const ContactQuerySchema = z.object({ phone_number: MobileSchema }).strict();

function noSite(reply: FastifyReply) {
  return reply.code(404).send({ error: 'No dealer site at this address' });
}

/**
 * Identity: sign-in by a one-time SMS code, sessions, and the spec's identity calls.
 *
 * - `POST /api/auth/send-code` `{ phone, first_name?, last_name?, email?, dealership_slug? }`
 *   -> 202 `{ sent: true, expires_at }`; 429 with the spec's 'Too many verification attempts'
 *   text past 5 codes per phone per hour (FORECOURT_CODES_PER_PHONE_PER_HOUR) or 20 per
 *   address per hour (FORECOURT_CODES_PER_ADDRESS_PER_HOUR).
 * - `POST /api/auth/verify-code` `{ phone, code }` -> 200 `{ user }` and the session cookie;
 *   400 (invalid or expired code, field `code`) or 429 (the code is locked after 5 wrong tries).
 * - `POST /api/auth/sign-out`, `GET /api/session` (`{ user: { phone } | null }`).
 * - `POST /api/rate-limit` `{ phone }` (spec): 200 while the phone may be sent a code, else 429.
 * - `GET /api/check-if-contact-exists?phone_number=` (spec): `{ data: { exists } }`.
 * - `GET /_dev/outbox` (development only): the SMS the outbox gateway "sent" to this site's phones.
 */
export default fp<IdentityOptions>(
  async (fastify, options) => {
    const secret = await installSecret(fastify.config, 'FORECOURT_IDENTITY_SECRET', options.dataDir, 'identity-secret');
    const sms =
      options.sms ?? smsGatewayFromConfig(fastify.database.db, (line) => fastify.log.info(line), fastify.config);
    const identity = new IdentityService(fastify.database.db, secret, sms, options.clock, {
      ...DEFAULT_IDENTITY_SETTINGS,
      sendsPerPhonePerHour: fastify.config.FORECOURT_CODES_PER_PHONE_PER_HOUR,
    });
    fastify.decorate('identity', identity);
    await fastify.register(cookie);
    fastify.decorate('signedIn', async (request: FastifyRequest) =>
      request.tenant ? identity.sessionUser(request.tenant.slug, request.cookies[SESSION_COOKIE]) : null,
    );

    const sendsPerAddress = options.sendsPerAddressPerHour ?? fastify.config.FORECOURT_CODES_PER_ADDRESS_PER_HOUR;
    const devOutbox = options.devOutbox ?? (sms.kind === 'outbox' && !isProduction(fastify.config));

    // Limited per address as well as per phone; a limited caller reads the spec's text.
    const limit = (max: number) => ({ rateLimit: { max, timeWindow: '1 hour' }, rateLimitMessage: TOO_MANY_ATTEMPTS });
    await fastify.register(
      scoped('identity-limited', async (routes: FastifyInstance) => {
        // Fails closed: while the shared count (Redis) is down, N instances would each allow the
        // per-address sends, and every send is an SMS someone pays for and a code to guess at.
        const sendConfig = { ...limit(sendsPerAddress), rateLimitStoreDown: { refuse: CODES_UNAVAILABLE } };
        routes.post('/api/auth/send-code', { bodyLimit: 4096, config: sendConfig }, async (request, reply) => {
          if (!request.tenant) return noSite(reply);
          const body = parseInput(SendCodeSchema, request.body ?? null, 'body');
          try {
            const sent = await identity.sendCode({
              tenant: request.tenant.slug,
              siteName: request.tenant.name,
              phone: body.phone,
              details: { first_name: body.first_name, last_name: body.last_name, email: body.email },
              clientAddress: request.ip,
            });
            if (!sent.ok) return reply.code(429).send({ error: TOO_MANY_ATTEMPTS, field: 'phone' });
            return reply.code(202).send({ sent: true, expires_at: sent.expiresAt.toISOString() });
          } catch (error) {
            request.log.error({ err: error }, 'identity: the SMS could not be sent');
            return reply
              .code(502)
              .send({ error: 'We could not send the code just now. Please try again in a moment.' });
          }
        });

        routes.post('/api/auth/verify-code', { bodyLimit: 4096, config: limit(60) }, async (request, reply) => {
          if (!request.tenant) return noSite(reply);
          const body = parseInput(VerifyCodeSchema, request.body ?? null, 'body');
          const result = await identity.verifyCode({
            tenant: request.tenant.slug,
            phone: body.phone,
            code: body.code,
            dealershipSlug: body.dealership_slug ?? null,
          });
          if (!result.ok)
            return reply.code(result.reason === 'too-many' ? 429 : 400).send({ error: result.message, field: 'code' });
          reply.setCookie(SESSION_COOKIE, result.sessionToken, {
            httpOnly: true,
            sameSite: 'lax',
            secure: request.protocol === 'https',
            path: '/',
            expires: result.sessionExpiresAt,
          });
          return { user: { phone: body.phone } } satisfies SessionAnswer;
        });

        routes.post('/api/auth/sign-out', async (request, reply) => {
          await identity.signOut(request.cookies[SESSION_COOKIE]);
          reply.clearCookie(SESSION_COOKIE, { path: '/' });
          return { user: null } satisfies SessionAnswer;
        });

        routes.get('/api/session', async (request, reply) => {
          if (!request.tenant) return noSite(reply);
          reply.header('cache-control', 'no-store');
          const user = await fastify.signedIn(request);
          return { user: user ? { phone: user.phone } : null } satisfies SessionAnswer;
        });

        routes.post('/api/rate-limit', { bodyLimit: 1024, config: limit(120) }, async (request, reply) => {
          if (!request.tenant) return noSite(reply);
          const { phone } = parseInput(z.object({ phone: MobileSchema }).strict(), request.body ?? null, 'body');
          if (!(await identity.maySend(request.tenant.slug, phone)))
            return reply.code(429).send({ error: TOO_MANY_ATTEMPTS, field: 'phone' });
          return { ok: true };
        });

        // Answers whether a phone is known to this site only; limited per address so it cannot be
        // used to sweep a range of numbers.
        routes.get('/api/check-if-contact-exists', { config: limit(30) }, async (request, reply) => {
          if (!request.tenant) return noSite(reply);
          const { phone_number } = parseInput(ContactQuerySchema, request.query, 'query');
          reply.header('cache-control', 'no-store');
          return {
            data: { exists: await identity.contactExists(request.tenant.slug, phone_number) },
            error: null,
          } satisfies ContactExistsAnswer;
        });

        if (devOutbox) {
          routes.get('/_dev/outbox.json', async (request, reply) => {
            if (!request.tenant) return noSite(reply);
            reply.header('cache-control', 'no-store');
            return { messages: await readOutbox(fastify.database.db, request.tenant.slug) };
          });
          routes.get('/_dev/outbox', async (request, reply) => {
            if (!request.tenant) return noSite(reply);
            const messages = await readOutbox(fastify.database.db, request.tenant.slug);
            reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
            return renderPlainPage(
              'SMS outbox (development)',
              `Messages the development SMS gateway would have sent to phones for ${request.tenant.name}, newest first. Production sends them by SMS and has no such page.`,
              { headers: ['Sent', 'To', 'Message'], rows: messages.map((m) => [m.sentAt.toISOString(), m.to, m.body]) },
            );
          });
        }
      }),
    );

    let timer: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      timer = setInterval(
        () =>
          void identity
            .prune()
            .catch((error: unknown) => fastify.log.error({ err: error }, 'identity: pruning failed')),
        60 * 60 * 1000,
      ).unref();
    });
    fastify.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'identity', fastify: '5.x', dependencies: ['config', 'database', 'tenants', 'rate-limit'] },
);
