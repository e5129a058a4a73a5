import type { TenantConfig } from '@forecourt/shared-config/tenant';
import type { Database } from '@forecourt/data/database';
import { replaceCatalogue, replaceTenantStock, seedRuns } from '@forecourt/data/stock';
import { stockFromDemoFeed } from '../demo-feed/demo-feed';
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
 *
 * The demo yard whose cars come from its sample feed (demo-feed/) is seeded with its
 * dealerships, locations and content but no cars: the feed's import brings them. `--cars N` is
 * shared among the others, so they get what they got before the yard was there.
 */
export async function seedStock(
  database: Database,
  tenants: readonly TenantConfig[],
  options: SeedStockOptions = {},
): Promise<SeedSummary> {
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? defaultSeedNow();
  const log = options.log ?? (() => undefined);
  const generated = tenants.filter((tenant) => !stockFromDemoFeed(tenant.slug)).length;
  const perTenant = options.totalCars
    ? Math.max(1, Math.ceil(options.totalCars / Math.max(1, generated)))
    : DEFAULT_CARS_PER_TENANT;
  const existing = new Set((await seedRuns(database.db)).map((run) => run.tenant));
  const summary: SeedSummary = { seeded: [], kept: [] };

  await replaceCatalogue(database.db, generateCatalogue(tenants));
  for (const [index, tenant] of tenants.entries()) {
    if (existing.has(tenant.slug) && !options.force) {
      summary.kept.push(tenant.slug);
      continue;
    }
    const started = Date.now();
    const stock = generateTenantStock(
      tenant,
      { seed, carsPerTenant: stockFromDemoFeed(tenant.slug) ? 0 : perTenant, now },
      index,
    );
    await replaceTenantStock(database.db, stock, { seed, cars: stock.cars.length, referenceTime: now });
    summary.seeded.push({ tenant: tenant.slug, cars: stock.cars.length });
    const cars = stockFromDemoFeed(tenant.slug) ? 'no cars (its feed brings them)' : `${stock.cars.length} cars`;
    log(`  seeded ${tenant.slug}: ${cars}, ${stock.locations.length} locations in ${Date.now() - started} ms`);
  }
  if (summary.kept.length) log(`  kept existing stock of ${summary.kept.join(', ')}`);
  return summary;
}
