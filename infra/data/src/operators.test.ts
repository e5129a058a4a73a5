import { sql } from 'kysely';
import type { Database } from './database';
import {
  deactivateAccount,
  findToken,
  hashTokenSecret,
  insertAccount,
  insertToken,
  listAudit,
  recordAudit,
} from './operators';
import { OperatorService } from '@forecourt/domain/operators/operator-service';
import { openTestDatabase, testEngines } from '@forecourt/test-kit/test-database';

const LATER = new Date(Date.now() + 86_400_000);

describe.each(testEngines())('operator accounts, tokens and audit on %s', (engine) => {
  let database: Database;
  let names = 0;
  const unique = (role: string) => `${role} ${engine} ${(names += 1)} ${Date.now()}`;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await database.close();
  });

  it('refuses to update an audit entry', async () => {
    const entry = await recordAudit(database.db, {
      accountId: null,
      accountName: 'Ada',
      tokenId: null,
      action: 'pin',
      outcome: 'allowed',
    });
    await expect(
      database.db.updateTable('operator_audit').set({ reason: 'rewritten' }).where('id', '=', entry.id).execute(),
    ).rejects.toThrow(/append-only/);
    const [kept] = await listAudit(database.db, { tenants: null, limit: 1 });
    expect(kept).toMatchObject({ id: entry.id, reason: null });
  });

  it('refuses to delete an audit entry, or to empty the table', async () => {
    const entry = await recordAudit(database.db, {
      accountId: null,
      accountName: 'Ada',
      tokenId: null,
      action: 'pin',
      outcome: 'refused',
      reason: 'no',
    });
    await expect(database.db.deleteFrom('operator_audit').where('id', '=', entry.id).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`truncate operator_audit`.execute(database.db)).rejects.toThrow(/append-only/);
    expect((await listAudit(database.db, { tenants: null, limit: 1000 })).map((e) => e.id)).toContain(entry.id);
  });

  it('keeps only the hash of a token secret and finds the token by its secret', async () => {
    const account = await insertAccount(database.db, {
      name: unique('viewer'),
      role: 'viewer',
      tenants: null,
      createdBy: 'test',
    });
    const { token, secret } = await insertToken(database.db, {
      accountId: account.id,
      label: 'laptop',
      expiresAt: LATER,
      createdBy: 'test',
    });
    const row = await database.db
      .selectFrom('operator_tokens')
      .selectAll()
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(hashTokenSecret(secret));
    expect(Object.values(row).map(String)).not.toContain(secret);
    expect(await findToken(database.db, secret)).toMatchObject({
      token: { id: token.id },
      account: { id: account.id },
    });
    expect(await findToken(database.db, `${secret}x`)).toBeNull();
  });

  it('revokes every token of an account it deactivates', async () => {
    const account = await insertAccount(database.db, {
      name: unique('tenant-manager'),
      role: 'tenant-manager',
      tenants: ['summit-auto-group'],
      createdBy: 'test',
    });
    const { secret } = await insertToken(database.db, {
      accountId: account.id,
      label: 'laptop',
      expiresAt: LATER,
      createdBy: 'test',
    });
    const { after, revokedTokens } = await deactivateAccount(database.db, account.id, new Date());
    expect(after).toMatchObject({ active: false, tenants: ['summit-auto-group'] });
    expect(revokedTokens).toBe(1);
    expect((await findToken(database.db, secret))?.token.revokedAt).toBeInstanceOf(Date);
  });

  it('refuses a tenant manager without tenants, and an operator with some, in the table itself', async () => {
    await expect(
      sql`insert into operator_accounts (name, role, tenants, created_by) values (${unique('m')}, 'tenant-manager', null, 'test')`.execute(
        database.db,
      ),
    ).rejects.toThrow(/operator_accounts_manager_named/);
    await expect(
      sql`insert into operator_accounts (name, role, tenants, created_by) values (${unique('o')}, 'operator', '["summit-auto-group"]', 'test')`.execute(
        database.db,
      ),
    ).rejects.toThrow(/operator_accounts_operator_all/);
  });

  it('makes the first operator once, however many ask at the same moment', async () => {
    const fresh = await openTestDatabase(engine);
    try {
      const operators = new OperatorService(fresh.db, ['summit-auto-group']);
      const results = await Promise.allSettled([
        operators.createFirstOperator('Ada', 'test'),
        operators.createFirstOperator('Bea', 'test'),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect((await fresh.db.selectFrom('operator_accounts').select('name').execute()).length).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});
