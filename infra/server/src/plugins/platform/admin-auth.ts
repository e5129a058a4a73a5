import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromLoopback } from '@forecourt/runtime/client-address';
import { consoleOrigin, onConsoleHost } from '@forecourt/config/console-origin';
import { loadConfig, type Config } from '@forecourt/config/load';
import { installSecret, matchesSecret, type RotatingSecret } from '@forecourt/config/secrets';
import type { ConsoleSession } from '@forecourt/data/operator-sessions';
import { CONSOLE_COOKIE, ConsoleSessions } from '@forecourt/domain/operators/console-sessions';
import { OperatorService, type Operator } from '@forecourt/domain/operators/operator-service';
import { may, roleMay, type AdminAction, type Decision } from '@forecourt/domain/operators/permissions';

/**
 * What an admin route does and what it touches, declared on the route (`config.permission`):
 * - `tenant`: the tenant named by the body's or query's `tenant`;
 * - `list`: a read that the route filters to what the caller may see (a named tenant is checked);
 * - `platform`: every tenant at once (publishes, synonyms, re-indexing, accounts);
 * - `self`: the caller's own things (its tokens);
 * - `first-operator`: the one route the shared admin token opens, while no operator exists;
 * - `sign-in`: the passkey ceremony, open without a credential (it is how one gets a session),
 *   on the console's host only and from its origin;
 * - `session`: the caller's own console session, named by its cookie (any role).
 */
export type RoutePermission =
  | { action: AdminAction; on: 'tenant' | 'list' | 'platform' | 'self' }
  | { action: 'first-operator' }
  | { action: 'sign-in' }
  | { action: 'session' };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook of the admin routes: a personal token from this machine (loopback), or on
     * the console's host the console's session cookie from anywhere, with its CSRF checks on
     * every change (see RoutePermission).
     */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler hook of the admin routes: the caller's role and tenants against the route's permission. */
    authorizeAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Refuses with 403 and audits the refusal (a check a route makes once it has read its input). */
    refuseAdmin: (request: FastifyRequest, reply: FastifyReply, reason: string) => Promise<FastifyReply>;
    /** Audits what the caller did (or tried: `outcome: 'refused'`), with its name and token. */
    auditAdmin: (request: FastifyRequest, entry: AdminAuditEntry) => Promise<void>;
    operators: OperatorService;
    consoleSessions: ConsoleSessions;
  }
  interface FastifyRequest {
    /** The caller of an admin route, once authenticated; null on the first-operator and sign-in routes. */
    operator: Operator | null;
    /** The console session the caller came through; null for a personal token. */
    consoleSession: ConsoleSession | null;
  }
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
}

export interface AdminAuditEntry {
  action: string;
  tenant?: string | null;
  team?: string | null;
  outcome: 'allowed' | 'refused';
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

export function adminTokenFile(dataDir: string): string {
  return path.join(dataDir, 'admin-token');
}

/**
 * The shared admin token and, while it is rotated, the previous one: FORECOURT_ADMIN_TOKEN (or its
 * _FILE), or outside production a secret of the data dir (see secrets.ts). It only creates the
 * first operator.
 */
export async function adminTokens(dataDir: string, config: Config = loadConfig()): Promise<RotatingSecret> {
  return installSecret(config, 'FORECOURT_ADMIN_TOKEN', dataDir, path.basename(adminTokenFile(dataDir)));
}

/** The shared admin token to hand out (the first operator's creation): the current one. */
export async function readOrCreateAdminToken(dataDir: string, config: Config = loadConfig()): Promise<string> {
  return (await adminTokens(dataDir, config)).current;
}

const USE_PERSONAL_TOKEN =
  'use a personal token (Authorization: Bearer <token>; the CLI reads FORECOURT_TOKEN, else {dataDir}/operator-token)';

function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function field(request: FastifyRequest, name: 'tenant' | 'team'): string | undefined {
  // The path too: a route of one tenant's things names the tenant in its path.
  for (const part of [request.params, request.body, request.query]) {
    const value = part && typeof part === 'object' ? (part as Record<string, unknown>)[name] : undefined;
    if (typeof value === 'string' && value.length > 0 && value.length <= 200) return value;
  }
  return undefined;
}

export default fp<{ dataDir: string }>(
  async (fastify, options) => {
    const shared = await adminTokens(options.dataDir, fastify.config);
    const operators = new OperatorService(fastify.database.db, () => fastify.tenants.all.map((tenant) => tenant.slug));
    const origin = consoleOrigin(fastify.config);
    const sessions = new ConsoleSessions(fastify.database.db, origin);
    fastify.decorate('operators', operators);
    fastify.decorate('consoleSessions', sessions);
    fastify.decorateRequest('operator', null);
    fastify.decorateRequest('consoleSession', null);

    const route = (request: FastifyRequest) =>
      `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
    const actionOf = (request: FastifyRequest) => request.routeOptions.config.permission?.action ?? route(request);

    const refuse = async (
      request: FastifyRequest,
      reply: FastifyReply,
      status: 401 | 403,
      error: string,
      who: { accountId?: number | null; name?: string | null; tokenId?: number | null; sessionId?: string | null } = {},
    ) => {
      const operator = request.operator;
      await operators.audit({
        accountId: who.accountId ?? operator?.accountId ?? null,
        accountName: who.name ?? operator?.name ?? null,
        tokenId: who.tokenId ?? operator?.tokenId ?? null,
        sessionId: who.sessionId ?? operator?.sessionId ?? null,
        action: actionOf(request),
        tenant: field(request, 'tenant') ?? null,
        team: field(request, 'team') ?? null,
        outcome: 'refused',
        reason: `${status}: ${error} (${route(request)})`,
      });
      if (status === 401 && !request.consoleSession && !onConsoleHost(request, origin))
        reply.header('www-authenticate', 'Bearer');
      return reply.code(status).send({ error });
    };

    /** A browser names the page a request comes from in Origin: a change or a sign-in must come from the console's. */
    const originProblem = (request: FastifyRequest): string | null => {
      const sent = request.headers.origin;
      if (!sent) return `No Origin header: the console's sign-ins and changes come from ${origin}`;
      if (sent !== origin) return `Origin '${sent.slice(0, 100)}' is not the console's (${origin})`;
      return null;
    };

    /** A change through a session must come from the console's page: its origin, and the session's CSRF token only that page can read. */
    const csrfProblem = (request: FastifyRequest, session: ConsoleSession): string | null => {
      if (SAFE_METHODS.has(request.method)) return null;
      const wrongOrigin = originProblem(request);
      if (wrongOrigin) return wrongOrigin;
      const token = request.headers['x-csrf-token'];
      if (typeof token !== 'string' || token.length === 0)
        return 'No x-csrf-token header: send the csrf that signing in (or GET /_admin/session) answered';
      if (!matchesSecret(token, { current: session.csrf, previous: undefined }))
        return "The x-csrf-token header is not this session's";
      return null;
    };

    /**
     * The console's session cookie. A request without one, or with one nobody issued, is
     * answered 401 without an audit row: the console's host is open to the network, and a row
     * per such request would let anyone make the database write at will. A session that names
     * an account (expired, ended, deactivated, or sent without its CSRF checks) is audited.
     */
    const requireSession = async (request: FastifyRequest, reply: FastifyReply, onConsole: boolean) => {
      const secret = onConsole ? request.cookies[CONSOLE_COOKIE] : undefined;
      if (!secret)
        return reply.code(401).send({
          error: onConsole
            ? 'Not signed in: sign in with a passkey'
            : `No console session here: the console is at ${origin}`,
        });
      const result = await sessions.authenticate(secret);
      if ('refused' in result) {
        if (!result.account)
          return reply.code(401).send({ error: `Not signed in (${result.refused}): sign in with a passkey` });
        return refuse(
          request,
          reply,
          401,
          `This session does not open the console (${result.refused}): sign in again`,
          { accountId: result.account.id, name: result.account.name, sessionId: result.sessionId ?? null },
        );
      }
      request.operator = result.operator;
      request.consoleSession = result.session;
      const problem = csrfProblem(request, result.session);
      if (problem) return refuse(request, reply, 403, problem);
      await sessions.touch(result.session);
    };

    /** The passkey ceremony's routes: on the console's host, from its origin (the browser's own check of where a sign-in comes from). */
    const openSignIn = async (request: FastifyRequest, reply: FastifyReply, onConsole: boolean) => {
      if (!onConsole) return reply.code(403).send({ error: `Passkeys sign in on the console: ${origin}` });
      const wrongOrigin = SAFE_METHODS.has(request.method) ? null : originProblem(request);
      if (wrongOrigin) return reply.code(403).send({ error: wrongOrigin });
    };

    fastify.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      const onConsole = onConsoleHost(request, origin);
      // Not audited: the admin API is not there for other machines at all (but through the
      // console's host), and a row per request would let anyone on the network make the database
      // write at will. The request log has it.
      if (!onConsole && !fromLoopback(request)) {
        request.log.warn({ route: route(request) }, 'admin API asked from another machine; refused');
        return reply.code(403).send({ error: 'The admin API answers only on this machine (loopback)' });
      }
      const permission = request.routeOptions.config.permission;
      if (permission?.action === 'sign-in') return openSignIn(request, reply, onConsole);
      if (permission?.action === 'session' || (onConsole && request.headers.authorization === undefined))
        return requireSession(request, reply, onConsole);
      if (!fromLoopback(request)) {
        request.log.warn({ route: route(request) }, 'personal token sent from another machine; refused');
        return reply.code(403).send({
          error: 'Personal tokens are taken only on this machine (loopback): the console signs in with a passkey',
        });
      }
      const given = bearer(request);
      if (given && matchesSecret(given, shared)) {
        const exists = await operators.hasOperator();
        if (permission?.action === 'first-operator' && !exists) return;
        const error = exists
          ? `The shared admin token only creates the first operator, which exists: ${USE_PERSONAL_TOKEN}`
          : 'The shared admin token only creates the first operator: POST /_admin/operators/first { "name": "..." }, then use its personal token';
        return refuse(request, reply, 401, error, { name: 'shared admin token' });
      }
      if (!given) return refuse(request, reply, 401, `No token: ${USE_PERSONAL_TOKEN}`);
      const result = await operators.authenticate(given);
      if ('refused' in result) {
        return refuse(
          request,
          reply,
          401,
          `This token does not open the admin API (${result.refused}): ${USE_PERSONAL_TOKEN}`,
          {
            accountId: result.account?.id ?? null,
            name: result.account?.name ?? null,
            tokenId: result.tokenId ?? null,
          },
        );
      }
      request.operator = result.operator;
    });

    fastify.decorate('authorizeAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      const permission = request.routeOptions.config.permission;
      const operator = request.operator;
      if (permission?.action === 'sign-in') return;
      // Any role may see and end its own session; requireAdmin found it.
      if (permission?.action === 'session' && request.consoleSession) return;
      if (permission?.action === 'first-operator') {
        // Only the shared token reaches here without an account; an account's token has no business here.
        if (operator)
          return refuse(
            request,
            reply,
            403,
            `${operator.name}: the first operator is made with the shared admin token, once`,
          );
        return;
      }
      // Fails closed: a route that declares nothing is refused to everyone.
      if (!permission || !operator || permission.action === 'session')
        return refuse(request, reply, 403, `${route(request)} declares no permission`);
      const tenant = field(request, 'tenant');
      let decision: Decision;
      if (permission.on === 'platform') decision = may(operator, permission.action);
      else if ((permission.on === 'tenant' || permission.on === 'list') && tenant !== undefined)
        decision = may(operator, permission.action, tenant);
      else decision = roleMay(operator, permission.action);
      if (!decision.allowed)
        return refuse(request, reply, 403, `${operator.name} (${operator.role}): ${decision.reason}`);
    });

    fastify.decorate('auditAdmin', async (request: FastifyRequest, entry: AdminAuditEntry) => {
      const operator = request.operator;
      await operators.audit({
        accountId: operator?.accountId ?? null,
        accountName: operator?.name ?? null,
        tokenId: operator?.tokenId ?? null,
        sessionId: operator?.sessionId ?? null,
        ...entry,
      });
    });

    fastify.decorate('refuseAdmin', (request: FastifyRequest, reply: FastifyReply, reason: string) =>
      refuse(request, reply, 403, reason),
    );
  },
  { name: 'admin-auth', fastify: '5.x', dependencies: ['config', 'database', 'tenants'] },
);
