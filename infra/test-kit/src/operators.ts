import type { FastifyInstance } from 'fastify';

export const TEST_OPERATOR = 'Test operator';

/** A new token of the test operator, made (once per database) the way an operator makes any account. */
export async function testOperatorToken(app: FastifyInstance): Promise<string> {
  const system = { accountId: null, name: 'test platform', tokenId: null };
  const account =
    (await app.operators.findAccountByName(TEST_OPERATOR)) ??
    (await app.operators.createAccount(system, { name: TEST_OPERATOR, role: 'operator', tenants: null }));
  return (await app.operators.issueToken(system, account.id, { label: 'test' })).secret;
}
