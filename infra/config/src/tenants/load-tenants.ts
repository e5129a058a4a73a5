import fs from 'node:fs/promises';
import path from 'node:path';
import {
  InvalidTenantConfigError,
  parseTenantConfig,
  parseTenantConfigs,
  type TenantConfig,
} from '@forecourt/shared-config/tenant';
import { resolveTenantsDir } from '../paths';
import { SearchError } from '@forecourt/search-engine/engine/errors';
import { parseFilters } from '@forecourt/search-engine/engine/filters';

/**
 * Reads every `*.json` in the tenants folder and validates the whole set at once, so one start
 * reports every broken tenant instead of the first. Throws InvalidTenantConfigError (tenant,
 * field, reason per problem); a file that is not JSON is reported the same way.
 */
export async function loadTenants(dir: string = resolveTenantsDir()): Promise<TenantConfig[]> {
  return (await loadTenantFiles(dir)).map((file) => file.config);
}

/** Each tenant file's JSON as written and as validated: rows are seeded with what the file says. */
export async function loadTenantFiles(
  dir: string = resolveTenantsDir(),
): Promise<Array<{ slug: string; raw: unknown; config: TenantConfig }>> {
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  } catch (error) {
    throw new Error(`Cannot read the tenants folder ${dir}: ${(error as Error).message}`, { cause: error });
  }
  if (names.length === 0) throw new Error(`No tenant configs (*.json) in ${dir}`);

  const entries: Array<{ source: string; raw: unknown }> = [];
  for (const name of names) {
    const source = path.basename(name, '.json');
    const text = await fs.readFile(path.join(dir, name), 'utf8');
    try {
      entries.push({ source, raw: JSON.parse(text) });
    } catch (error) {
      throw new InvalidTenantConfigError([
        { tenant: source, field: '(file)', reason: `${name} is not valid JSON: ${(error as Error).message}` },
      ]);
    }
  }
  const configs = checkSearchFilters(parseTenantConfigs(entries));
  return configs.map((config, index) => ({ slug: config.slug, raw: entries[index]!.raw, config }));
}

/**
 * One tenant's configuration as the site reads it (a row, a form's change): the schema, then the
 * rules only search can check. Throws InvalidTenantConfigError naming each field at fault.
 */
export function validateTenant(raw: unknown, source: string): TenantConfig {
  return checkSearchFilters([parseTenantConfig(raw, source)])[0]!;
}

/** Base stock filters are search syntax: a typo must stop the start, not empty a dealer's site. */
export function checkSearchFilters(tenants: TenantConfig[]): TenantConfig[] {
  const problems = tenants.flatMap((tenant) => {
    if (!tenant.search.baseFilters.trim()) return [];
    try {
      parseFilters(tenant.search.baseFilters, 'baseFilters');
      return [];
    } catch (error) {
      if (!(error instanceof SearchError)) throw error;
      return [{ tenant: tenant.slug, field: 'search.baseFilters', reason: error.message }];
    }
  });
  if (problems.length) throw new InvalidTenantConfigError(problems);
  return tenants;
}
