import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { migrate, openDatabase, type Database } from './database';
import { grantApplicationRole } from './roles';
import { emptyPostgresDatabase, postgresAdmin } from '@forecourt/test-kit/test-database';

/**
 * The production split of roles on PostgreSQL: the tables' owner migrates and grants, the
 * application logs in as a role of its own. Roles belong to the whole server, not one database,
 * so each run makes one with a name of its own and drops it after.
 */
const describeWithPostgres = process.env.DATABASE_URL ? describe : describe.skip;

describeWithPostgres('the application role on PostgreSQL', () => {
  const role = `forecourt_app_test_${process.pid}_${randomBytes(3).toString('hex')}`;
  let own: Awaited<ReturnType<typeof emptyPostgresDatabase>>;
  let owner: Database;
  let app: Database;

  beforeAll(async () => {
    own = await emptyPostgresDatabase('forecourt_roles');
    owner = await openDatabase({ databaseUrl: own.url });
    await postgresAdmin(`create role ${role} login`);
    await migrate(owner.db);
    await grantApplicationRole(owner.db, role);
    const url = new URL(own.url);
    url.username = role;
    url.password = '';
    app = await openDatabase({ databaseUrl: url.toString() });
  });

  afterAll(async () => {
    await app?.close();
    await sql`drop owned by ${sql.id(role)}`.execute(owner.db);
    await owner?.close();
    await own?.drop();
    // The database is gone, and with it every grant: the role can go too.
    await postgresAdmin(`drop role if exists ${role}`);
  });

  const refusal = (query: Promise<unknown>) =>
    query.then(
      () => 'allowed',
      (error: Error) => error.message,
    );
  const anAuditRow = () =>
    app.db
      .insertInto('operator_audit')
      .values({
        account_id: null,
        account_name: 'Role test',
        token_id: null,
        action: 'roles.test',
        tenant: null,
        team: null,
        outcome: 'allowed',
        before: null,
        after: null,
        reason: null,
      })
      .execute();

  it('writes the audit as the application does', async () => {
    await anAuditRow();
    const rows = await app.db
      .selectFrom('operator_audit')
      .select('action')
      .where('action', '=', 'roles.test')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
  });

  it('cannot disable or drop the append-only trigger', async () => {
    expect(
      await refusal(sql`alter table operator_audit disable trigger operator_audit_no_change`.execute(app.db)),
    ).toMatch(/must be owner of (table|relation) operator_audit/);
    expect(await refusal(sql`drop trigger operator_audit_no_change on operator_audit`.execute(app.db))).toMatch(
      /must be owner of (table|relation) operator_audit/,
    );
  });

  it('leaves the owner able to switch the trigger off: why the application must not log in as the owner', async () => {
    await sql`alter table operator_audit disable trigger operator_audit_no_change`.execute(owner.db);
    await sql`alter table operator_audit enable trigger operator_audit_no_change`.execute(owner.db);
  });

  it('cannot update, delete or truncate the audit', async () => {
    await anAuditRow();
    for (const statement of [
      sql`update operator_audit set action = 'changed'`,
      sql`delete from operator_audit`,
      sql`truncate operator_audit`,
    ]) {
      expect(await refusal(statement.execute(app.db))).toMatch(/permission denied for table operator_audit/);
    }
  });

  it('reads and writes the other tables, and cannot change the schema or the migrations run', async () => {
    await app.db
      .insertInto('pins')
      .values({
        tenant: 'roles-test',
        team: 'mf-search',
        version: '1.0.0',
        last_good_version: null,
        updated_at: new Date(),
      })
      .execute();
    await app.db.updateTable('pins').set({ version: '1.0.1' }).where('tenant', '=', 'roles-test').execute();
    expect(await app.db.selectFrom('pins').select('version').where('tenant', '=', 'roles-test').execute()).toEqual([
      { version: '1.0.1' },
    ]);
    await app.db.deleteFrom('pins').where('tenant', '=', 'roles-test').execute();
    expect(await refusal(sql`create table app_made (id int)`.execute(app.db))).toMatch(
      /permission denied for schema public/,
    );
    expect(await refusal(sql`delete from kysely_migration`.execute(app.db))).toMatch(
      /permission denied for table kysely_migration/,
    );
  });

  it('is refused as the owner of the tables', async () => {
    const [me] = (await sql<{ me: string }>`select current_user as me`.execute(owner.db)).rows;
    await expect(grantApplicationRole(owner.db, me!.me)).rejects.toThrow(`${me!.me} owns the tables`);
  });
});
