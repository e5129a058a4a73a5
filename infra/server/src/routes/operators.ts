import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AccountBody,
  AccountChange,
  Accounts,
  Audit,
  AuditQuery,
  FirstOperator,
  FirstOperatorBody,
  IssuedToken,
  Me,
  TokenBody,
} from '@forecourt/admin-contract';
import { parseInput } from '@forecourt/shared-config/server/validation';
import { listTokens } from '@forecourt/data/operators';
import { may } from '@forecourt/domain/operators/permissions';
import { scoped } from '@forecourt/shared-config/server';
import { jsonOf } from '@forecourt/runtime/json';

const AccountParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }).strict();

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
    return reply
      .code(201)
      .send(
        jsonOf({ account: created.account, token: created.token, secret: created.secret }) satisfies z.input<
          typeof FirstOperator
        >,
      );
  });

  fastify.get('/operators/me', { config: { permission: { action: 'read', on: 'self' } } }, async (request) => {
    const operator = operatorOf(request);
    return jsonOf({
      account: await fastify.operators.callerAccount(operator),
      tokenId: operator.tokenId,
      tokens: await listTokens(fastify.database.db, operator.accountId),
    }) satisfies z.input<typeof Me>;
  });

  fastify.get(
    '/operators',
    { config: { permission: { action: 'accounts', on: 'platform' } } },
    async () => jsonOf({ accounts: await fastify.operators.listAccounts() }) satisfies z.input<typeof Accounts>,
  );

  fastify.post(
    '/operators',
    { config: { permission: { action: 'accounts', on: 'platform' } } },
    async (request, reply) => {
      const body = parseInput(AccountBody, request.body ?? null, 'body');
      const account = await fastify.operators.createAccount(operatorOf(request), {
        name: body.name,
        role: body.role,
        tenants: body.tenants ?? null,
      });
      return reply.code(201).send(jsonOf({ account }) satisfies z.input<typeof AccountChange>);
    },
  );

  fastify.post(
    '/operators/:id/deactivate',
    { config: { permission: { action: 'accounts', on: 'platform' } } },
    async (request) => {
      const { id } = parseInput(AccountParams, request.params, 'params');
      return jsonOf({ account: await fastify.operators.deactivate(operatorOf(request), id) }) satisfies z.input<
        typeof AccountChange
      >;
    },
  );

  fastify.post('/tokens', { config: { permission: { action: 'own-token', on: 'self' } } }, async (request, reply) => {
    const body = parseInput(TokenBody, request.body ?? null, 'body');
    const operator = operatorOf(request);
    const accountId = body.account ?? operator.accountId;
    // A token for someone else (their device was lost) is an operator's to give.
    if (accountId !== operator.accountId && !may(operator, 'accounts').allowed) {
      return fastify.refuseAdmin(request, reply, `${operator.name} (${operator.role}) may make tokens for itself only`);
    }
    const issued = await fastify.operators.issueToken(operator, accountId, {
      ...(body.label ? { label: body.label } : {}),
      ...(body.days ? { days: body.days } : {}),
    });
    return reply.code(201).send(jsonOf(issued) satisfies z.input<typeof IssuedToken>);
  });

  fastify.get('/audit', { config: { permission: { action: 'read', on: 'list' } } }, async (request) => {
    const query = parseInput(AuditQuery, request.query, 'query');
    return jsonOf({ entries: await fastify.operators.listAudit(operatorOf(request), query) }) satisfies z.input<
      typeof Audit
    >;
  });
}

export default scoped('routes-operators', operatorsRoutes);
