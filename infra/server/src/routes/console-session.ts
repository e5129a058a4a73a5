import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AuthenticationOptions,
  Empty,
  EnrollBody,
  Enrollment,
  EnrollOptionsBody,
  RegistrationOptions,
  Session,
  SignInBody,
} from '@forecourt/admin-contract';
import { parseInput } from '@forecourt/shared-config/server/validation';
import { CONSOLE_COOKIE, type Refusal, type StartedSession } from '@forecourt/domain/operators/console-sessions';
import { may } from '@forecourt/domain/operators/permissions';
import { scoped } from '@forecourt/shared-config/server';
import { jsonOf } from '@forecourt/runtime/json';

const AccountParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }).strict();

// A person signs in a few times a day; a script guessing at codes or replaying answers gets this far and no further.
const SIGN_IN_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/**
 * Passkey sign-in to the operator console and its session (docs/operators.md), under the admin
 * routes' hooks (admin-auth.ts): the ceremony's routes (`sign-in`) answer on the console's host
 * without a credential; the session's own (`session`) need its cookie.
 *
 * - `POST /operators/:id/enrollment` -> 201 `{ code, url, expiresAt }`: a one-time code (24 h)
 *   that registers a passkey for the account; an operator's for anyone, anyone's for itself.
 * - `POST /session/enroll/options` `{ code }` -> registration options;
 *   `POST /session/enroll` `{ code, response, label? }` -> the passkey, and a session.
 * - `POST /session/options` `{}` -> authentication options (any passkey of the console);
 *   `POST /session` `{ response }` -> a session.
 * - `GET /session` -> `{ account, csrf }`; `DELETE /session` -> 204, signed out.
 *
 * A session answers `{ account, csrf }` and sets the cookie; a refused ceremony answers 401 `{ error }`.
 */
async function consoleSessionRoutes(fastify: FastifyInstance): Promise<void> {
  const sessions = fastify.consoleSessions;

  const signedIn = (reply: FastifyReply, started: StartedSession) =>
    reply
      .setCookie(CONSOLE_COOKIE, started.secret, {
        httpOnly: true,
        secure: true,
        sameSite: 'strict',
        path: '/',
        expires: started.session.expiresAt,
      })
      .send(jsonOf({ account: started.account, csrf: started.session.csrf }) satisfies z.input<typeof Session>);

  const refused = (reply: FastifyReply, refusal: Refusal) =>
    reply.code(401).send({ error: `Not signed in: ${refusal.refused}` });

  // Codes, challenges and sessions are one person's, once: never stored by a cache.
  fastify.addHook('onSend', async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
  });

  fastify.post(
    '/operators/:id/enrollment',
    { config: { permission: { action: 'own-token', on: 'self' } } },
    async (request, reply) => {
      const { id } = parseInput(AccountParams, request.params, 'params');
      parseInput(Empty, request.body ?? {}, 'body');
      const operator = request.operator;
      if (!operator) throw new Error('an admin route ran without an authenticated caller');
      // A passkey for someone else (a new person, a lost device) is an operator's to give.
      if (id !== operator.accountId && !may(operator, 'accounts').allowed) {
        return fastify.refuseAdmin(
          request,
          reply,
          `${operator.name} (${operator.role}) may enroll passkeys for itself only`,
        );
      }
      const issued = await sessions.issueEnrollment(operator, id);
      return reply
        .code(201)
        .send(
          jsonOf({ code: issued.code, url: issued.url, expiresAt: issued.enrollment.expiresAt }) satisfies z.input<
            typeof Enrollment
          >,
        );
    },
  );

  fastify.post(
    '/session/enroll/options',
    { config: { permission: { action: 'sign-in' }, ...SIGN_IN_LIMIT } },
    async (request, reply) => {
      const { code } = parseInput(EnrollOptionsBody, request.body ?? null, 'body');
      const options = await sessions.enrollmentOptions(code);
      // Spread into a plain object: the contract lets the options' other fields through, which the library's interface does not say of itself.
      return 'refused' in options
        ? refused(reply, options)
        : ({ ...options } satisfies z.input<typeof RegistrationOptions>);
    },
  );

  fastify.post(
    '/session/enroll',
    { config: { permission: { action: 'sign-in' }, ...SIGN_IN_LIMIT } },
    async (request, reply) => {
      const body = parseInput(EnrollBody, request.body ?? null, 'body');
      const started = await sessions.enroll(body.code, body.response, body.label);
      return 'refused' in started ? refused(reply, started) : signedIn(reply, started);
    },
  );

  fastify.post(
    '/session/options',
    { config: { permission: { action: 'sign-in' }, ...SIGN_IN_LIMIT } },
    async (request) => {
      parseInput(Empty, request.body ?? {}, 'body');
      return { ...(await sessions.signInOptions()) } satisfies z.input<typeof AuthenticationOptions>;
    },
  );

  fastify.post(
    '/session',
    { config: { permission: { action: 'sign-in' }, ...SIGN_IN_LIMIT } },
    async (request, reply) => {
      const { response } = parseInput(SignInBody, request.body ?? null, 'body');
      const started = await sessions.signIn(response);
      return 'refused' in started ? refused(reply, started) : signedIn(reply, started);
    },
  );

  fastify.get('/session', { config: { permission: { action: 'session' } } }, async (request) => {
    const { operator, consoleSession } = request;
    if (!operator || !consoleSession) throw new Error('the session route ran without a session');
    return jsonOf({
      account: await fastify.operators.callerAccount(operator),
      csrf: consoleSession.csrf,
    }) satisfies z.input<typeof Session>;
  });

  fastify.delete('/session', { config: { permission: { action: 'session' } } }, async (request, reply) => {
    const { operator, consoleSession } = request;
    if (!operator || !consoleSession) throw new Error('the session route ran without a session');
    await sessions.signOut(operator, consoleSession);
    return reply
      .clearCookie(CONSOLE_COOKIE, { httpOnly: true, secure: true, sameSite: 'strict', path: '/' })
      .code(204)
      .send();
  });
}

export default scoped('routes-console-session', consoleSessionRoutes);
