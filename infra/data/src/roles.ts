import { sql, type Kysely } from 'kysely';
import type { PlatformTables } from './schema';

/**
 * What the application's role may do, granted by the tables' owner (`forecourt migrate` with
 * DATABASE_APP_ROLE): read and write the platform's tables and use their identity sequences, read
 * which migrations have run (the server refuses to start on pending ones), and nothing more. It
 * owns no table, so it can neither alter one (dropping or disabling the audit's append-only
 * trigger takes the owner) nor change the schema; and the audit's UPDATE, DELETE and TRUNCATE are
 * taken from it outright, so the trigger is the second guard, not the only one.
 *
 * Run after every migration: a table a migration adds gets the same grants. Idempotent. The
 * name is quoted as an identifier here; the configuration refuses one that is not a plain name.
 */
export async function grantApplicationRole(db: Kysely<PlatformTables>, role: string): Promise<void> {
  const app = sql.id(role);
  await db.transaction().execute(async (trx) => {
    const [owner] = (
      await sql<{
        owner: string;
      }>`select tableowner as owner from pg_tables where schemaname = 'public' and tablename = 'operator_audit'`.execute(
        trx,
      )
    ).rows;
    if (!owner)
      throw new Error('the database is not migrated: run the migrations before granting the application role');
    if (owner.owner === role)
      throw new Error(
        `${role} owns the tables: the application must log in as a role that does not (run migrate as the owner, and serve as ${role})`,
      );
    await sql`grant usage on schema public to ${app}`.execute(trx);
    await sql`grant select, insert, update, delete on all tables in schema public to ${app}`.execute(trx);
    await sql`grant usage, select, update on all sequences in schema public to ${app}`.execute(trx);
    await sql`revoke insert, update, delete on kysely_migration, kysely_migration_lock from ${app}`.execute(trx);
    await sql`revoke update, delete, truncate on operator_audit from ${app}`.execute(trx);
  });
}
