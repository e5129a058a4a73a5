import { openDatabase } from '@forecourt/data/database';
import { claimImport } from '@forecourt/stock-in/stock-imports';
import { runImport } from '@forecourt/stock-in/feeds/run-import';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';

/**
 * A feed import's runner alone, in a process of its own, for the test that kills it mid-import:
 * claims the import waiting in the PostgreSQL database DATABASE_URL names and runs it, with the
 * lease FORECOURT_IMPORT_LEASE_MS and FORECOURT_IMPORT_BATCH cars per batch.
 */
async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set');
  const leaseMs = Number(process.env.FORECOURT_IMPORT_LEASE_MS ?? 1000);
  const database = await openDatabase({ databaseUrl });
  try {
    const job = await claimImport(database.db, new Date(), leaseMs);
    if (!job?.format) throw new Error('no uploaded import to run');
    const tenant = (await loadTenants()).find((candidate) => candidate.slug === job.tenant);
    if (!tenant) throw new Error(`no tenant ${job.tenant}`);
    await runImport(
      database.db,
      tenant,
      { ...job, format: job.format },
      {
        withdrawShare: 0.3,
        leaseMs,
        now: () => new Date(),
        batchCars: Number(process.env.FORECOURT_IMPORT_BATCH ?? 100),
      },
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
