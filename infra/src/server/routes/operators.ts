import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput } from '@forecourt/shared-config/server/validation';
import { listTokens } from '../../db/operators';
import { TOKEN_DAYS } from '../../operators/operator-service';
import { may, OPERATOR_ROLES } from '../../operators/permissions';
import { scoped } from '@forecourt/shared-config/server';

const Name = z.string().trim().min(1).max(100);
const Slug = z.string().min(1).max(100);

const FirstOperatorBody = z.object({ name: Name }).strict();

const AccountBody = z
  .object({
    name: Name,
    role: z.enum(OPERATOR_ROLES),
    /** The tenants a tenant manager or viewer holds; left out, a viewer sees every tenant. */
    tenants: z.array(Slug).min(1).max(500).optional(),
  })
  .strict();

const AccountParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }).strict();

const TokenBody = z
  .object({
    /** Whose token: the caller's own when left out; another account's is an operator's (a lost device). */
    account: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
    label: z.string().trim().min(1).max(100).optional(),
    days: z.number().int().min(1).max(TOKEN_DAYS.max).optional(),
  })
  .strict();

const AuditQuery = z
  .object({
    tenant: Slug.optional(),
    limit: z.coerce.number().int().min(1).max(1000).optional(),
  })
  .strict();

/**
 * Accounts, personal tokens and the operator audit, under the admin routes' hooks. The shared
 * admin token opens `POST /operators/first` only, and only while no operator exists.
 */
async function operatorsRoutes(fastify: FastifyInstance): Promise<void> {
  const operatorOf = (request: FastifyRequest) => {
    if (!request.operator) throw new Error('an admin route ran without an authenticated caller');
    return request.operator;
  };

  fastify.post('/operators/first', { config: { permission: { action: 'first-operator' } } }, async (request, reply) => {
    const body = parseInput(FirstOperatorBody, request.body ?? null, 'body');
    const created = await fastify.operators.createFirstOperator(body.name, 'shared admin token');
    return reply.code(201).send({ account: created.account, token: created.token, secret: created.secret });
  });

  fastify.get('/operators/me', { config: { permission: { action: 'read', on: 'self' } } }, async (request) => {
    const operator = operatorOf(request);
    return { account: await fastify.operators.getAccount(operator.accountId), tokenId: operator.tokenId, tokens: await listTokens(fastify.database.db, operator.accountId) };
  });

  fastify.get('/operators', { config: { permission: { action: 'accounts', on: 'platform' } } }, async () => ({ accounts: await fastify.operators.listAccounts() }));

  fastify.post('/operators', { config: { permission: { action: 'accounts', on: 'platform' } } }, async (request, reply) => {
    const body = parseInput(AccountBody, request.body ?? null, 'body');
    const account = await fastify.operators.createAccount(operatorOf(request), { name: body.name, role: body.role, tenants: body.tenants ?? null });
    return reply.code(201).send({ account });
  });

  fastify.post('/operators/:id/deactivate', { config: { permission: { action: 'accounts', on: 'platform' } } }, async (request) => {
    const { id } = parseInput(AccountParams, request.params, 'params');
    return { account: await fastify.operators.deactivate(operatorOf(request), id) };
  });

  fastify.post('/tokens', { config: { permission: { action: 'own-token', on: 'self' } } }, async (request, reply) => {
    const body = parseInput(TokenBody, request.body ?? null, 'body');
    const operator = operatorOf(request);
    const accountId = body.account ?? operator.accountId;
    // A token for someone else (their device was lost) is an operator's to give.
    if (accountId !== operator.accountId && !may(operator, 'accounts').allowed) {
      return fastify.refuseAdmin(request, reply, `${operator.name} (${operator.role}) may make tokens for itself only`);
    }
    const issued = await fastify.operators.issueToken(operator, accountId, { ...(body.label ? { label: body.label } : {}), ...(body.days ? { days: body.days } : {}) });
    return reply.code(201).send(issued);
  });

  fastify.get('/audit', { config: { permission: { action: 'read', on: 'list' } } }, async (request) => {
    const query = parseInput(AuditQuery, request.query, 'query');
    return { entries: await fastify.operators.listAudit(operatorOf(request), query) };
  });
}

export default scoped('routes-operators', operatorsRoutes);
