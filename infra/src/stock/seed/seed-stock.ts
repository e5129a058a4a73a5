import type { TenantConfig } from '@forecourt/shared-config/tenant';
import type { Database } from '../../db/database';
import { replaceCatalogue, replaceTenantStock, seedRuns } from '../../db/stock';
import { defaultSeedNow, DEFAULT_CARS_PER_TENANT, generateCatalogue, generateTenantStock } from './generate';

export const DEFAULT_SEED = 20261122;

export interface SeedStockOptions {
  seed?: number;
  /** Total cars across all tenants (`--cars N`); default DEFAULT_CARS_PER_TENANT each. */
  totalCars?: number;
  /** Re-seed tenants that were seeded already (otherwise they are left alone). */
  force?: boolean;
  now?: Date;
  log?: (line: string) => void;
}

export interface SeedSummary {
  seeded: Array<{ tenant: string; cars: number }>;
  kept: string[];
}

/**
 * Seeds demo stock. Start-up calls it without `force`, so stock a tenant already has (seeded,
 * or later edited by a dealer) is left alone; `forecourt seed --force` regenerates it.
 */
export async function seedStock(database: Database, tenants: readonly TenantConfig[], options: SeedStockOptions = {}): Promise<SeedSummary> {
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? defaultSeedNow();
  const log = options.log ?? (() => undefined);
  const perTenant = options.totalCars ? Math.max(1, Math.ceil(options.totalCars / tenants.length)) : DEFAULT_CARS_PER_TENANT;
  const existing = new Set((await seedRuns(database.db)).map((run) => run.tenant));
  const summary: SeedSummary = { seeded: [], kept: [] };

  await replaceCatalogue(database.db, generateCatalogue(tenants));
  for (const [index, tenant] of tenants.entries()) {
    if (existing.has(tenant.slug) && !options.force) {
      summary.kept.push(tenant.slug);
      continue;
    }
    const started = Date.now();
    const stock = generateTenantStock(tenant, { seed, carsPerTenant: perTenant, now }, index);
    await replaceTenantStock(database.db, stock, { seed, cars: stock.cars.length, referenceTime: now });
    summary.seeded.push({ tenant: tenant.slug, cars: stock.cars.length });
    log(`  seeded ${tenant.slug}: ${stock.cars.length} cars, ${stock.locations.length} locations in ${Date.now() - started} ms`);
  }
  if (summary.kept.length) log(`  kept existing stock of ${summary.kept.join(', ')}`);
  return summary;
}
