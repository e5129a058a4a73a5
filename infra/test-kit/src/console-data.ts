import type { FastifyInstance } from 'fastify';
import type { Database } from '@forecourt/data/database';
import type { OperatorRole } from '@forecourt/data/schema';

let accounts = 0;

/** A token of a new account with this role and tenants, made the way an operator makes one. */
export async function accountToken(
  app: FastifyInstance,
  role: OperatorRole,
  tenants: readonly string[] | null,
): Promise<string> {
  accounts += 1;
  const system = { accountId: null, name: 'test platform', tokenId: null };
  const account = await app.operators.createAccount(system, {
    name: `${role} ${accounts} ${Date.now()}`,
    role,
    tenants,
  });
  return (await app.operators.issueToken(system, account.id, { label: 'test' })).secret;
}

/** An admin API call with a personal token, from this machine. */
export function adminCall(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url: `/_admin${url}`,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${token}` },
  });
}

/** A beacon to `/api/events` on a tenant's site, as a shopper's shell sends it. */
export function beacon(
  app: FastifyInstance,
  tenant: string,
  eventId: number,
  payload: Record<string, string>,
  from: { userAgent?: string; shopper?: string; address?: string; path?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/events',
    remoteAddress: from.address ?? '127.0.0.1',
    headers: {
      host: `${tenant}.localhost:8080`,
      'content-type': 'application/json',
      ...(from.userAgent ? { 'user-agent': from.userAgent } : {}),
      ...(from.shopper ? { cookie: `fc_shopper=${from.shopper}` } : {}),
    },
    payload: { eventId, payload, ...(from.path ? { path: from.path } : {}) },
  });
}

/** The console's own tables, emptied (clearPlatformTables leaves them). */
export async function clearConsoleTables(database: Database): Promise<void> {
  for (const table of [
    'version_health_buckets',
    'canary_alerts',
    'search_latency',
    'search_no_hits',
    'search_index_state',
  ] as const)
    await database.db.deleteFrom(table).execute();
}
