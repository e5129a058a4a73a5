import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The people who run the platform, in place of one shared admin token: accounts with a role
 * (operator, tenant manager, viewer) and the tenants they may touch, their personal tokens (only
 * a hash of each secret is kept), and the operator audit, which nothing may change or delete.
 *
 * The audit is append-only twice over: a trigger refuses UPDATE, DELETE and TRUNCATE for every
 * role (the table's owner included, who could otherwise rewrite history), and a real deployment
 * also runs the application under a role that is not the owner and has had those privileges
 * revoked (docs/operators.md). The migration runs as the owner, so it can only revoke them from
 * PUBLIC here.
 */
export const operators0014: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('operator_accounts')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('name', 'text', (c) => c.notNull().check(sql`length(trim(name)) between 1 and 100`))
      .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('operator', 'tenant-manager', 'viewer')`))
      // A list of tenant slugs, or null for every tenant.
      .addColumn('tenants', 'jsonb')
      .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('deactivated_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('created_by', 'text', (c) => c.notNull())
      // An operator runs every tenant; a tenant manager must name the tenants it manages.
      .addCheckConstraint('operator_accounts_operator_all', sql`role <> 'operator' or tenants is null`)
      .addCheckConstraint(
        'operator_accounts_manager_named',
        sql`role <> 'tenant-manager' or (tenants is not null and jsonb_array_length(tenants) > 0)`,
      )
      .addCheckConstraint('operator_accounts_tenants_list', sql`tenants is null or jsonb_typeof(tenants) = 'array'`)
      .addCheckConstraint('operator_accounts_deactivated', sql`active = (deactivated_at is null)`)
      .execute();
    await db.schema
      .createIndex('operator_accounts_name')
      .on('operator_accounts')
      .expression(sql`lower(name)`)
      .unique()
      .execute();

    await db.schema
      .createTable('operator_tokens')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('account_id', 'bigint', (c) => c.notNull().references('operator_accounts.id'))
      // sha-256 of the secret, hex: the secret itself is shown once and never stored.
      .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('revoked_at', 'timestamptz')
      .addColumn('last_used_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('operator_tokens_account').on('operator_tokens').column('account_id').execute();

    await db.schema
      .createTable('operator_audit')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      // No foreign keys: the audit outlives whatever it mentions, and keeps the name as it was.
      .addColumn('account_id', 'bigint')
      .addColumn('account_name', 'text')
      .addColumn('token_id', 'bigint')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('tenant', 'text')
      .addColumn('team', 'text')
      .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('allowed', 'refused')`))
      .addColumn('before', 'jsonb')
      .addColumn('after', 'jsonb')
      .addColumn('reason', 'text')
      .execute();
    await db.schema.createIndex('operator_audit_tenant_at').on('operator_audit').columns(['tenant', 'at']).execute();

    await sql`
      create function operator_audit_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'operator_audit is append-only: % is refused', tg_op using errcode = 'insufficient_privilege';
      end;
      $$`.execute(db);
    await sql`create trigger operator_audit_no_change before update or delete on operator_audit for each row execute function operator_audit_append_only()`.execute(
      db,
    );
    await sql`create trigger operator_audit_no_truncate before truncate on operator_audit for each statement execute function operator_audit_append_only()`.execute(
      db,
    );
    await sql`revoke update, delete, truncate on operator_audit from public`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('operator_audit').execute();
    await sql`drop function operator_audit_append_only()`.execute(db);
    await db.schema.dropTable('operator_tokens').execute();
    await db.schema.dropTable('operator_accounts').execute();
  },
};
