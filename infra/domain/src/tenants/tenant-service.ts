import type { Kysely } from 'kysely';
import {
  HOURS_TYPES,
  TENANT_SECTIONS,
  type DayHours,
  type LocationHours,
  type TenantSection,
} from '@forecourt/admin-contract';
import { validateTenant } from '@forecourt/config/tenants/load-tenants';
import type { PlatformTables } from '@forecourt/data/schema';
import { listLocations } from '@forecourt/data/stock';
import type { OpeningHour } from '@forecourt/data/stock-model';
import {
  findTenantRow,
  insertTenant,
  listTenantRows,
  TenantWriteError,
  updateLocationHours,
  updateTenant,
  type TenantRow,
} from '@forecourt/data/tenants';
import { formattedHours } from '@forecourt/shared-config/hours';
import { InvalidTenantConfigError, type TenantConfig, type TenantConfigProblem } from '@forecourt/shared-config/tenant';

/**
 * Tenants' settings as rows: every write is the whole configuration validated by the tenant
 * schema (the one the files were checked with), so a row is never a tenant the site could not
 * serve. A section's change replaces that section's keys of the configuration as written and
 * leaves the rest as written: a default the tenant never stated stays the platform's default.
 */

export interface TenantProblem {
  field: string;
  reason: string;
}

export class TenantChangeError extends Error {
  constructor(
    message: string,
    readonly code: 'invalid' | 'unknown' | 'stale' | 'exists',
    readonly field: string,
    readonly problems: TenantProblem[] = [{ field, reason: message }],
  ) {
    super(message);
    this.name = 'TenantChangeError';
  }
}

export interface TenantView {
  row: TenantRow;
  config: TenantConfig;
}

/** The configuration as the site reads it, or the refusal naming each field at fault. */
export function validateTenantConfig(raw: unknown, source: string): TenantConfig {
  try {
    return validateTenant(raw, source);
  } catch (error) {
    if (!(error instanceof InvalidTenantConfigError)) throw error;
    throw invalid(error.problems);
  }
}

function invalid(problems: readonly TenantConfigProblem[] | readonly TenantProblem[]): TenantChangeError {
  const list = problems.map(({ field, reason }) => ({ field, reason }));
  const first = list[0] ?? { field: 'config', reason: 'is invalid' };
  return new TenantChangeError(`${first.field}: ${first.reason}`, 'invalid', first.field, list);
}

function fromWriteError(error: unknown): never {
  if (error instanceof TenantWriteError) {
    const code = error.code === 'domain-taken' ? 'invalid' : error.code;
    throw new TenantChangeError(`${error.field}: ${error.message}`, code, error.field);
  }
  throw error;
}

const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export class TenantService {
  constructor(private readonly db: Kysely<PlatformTables>) {}

  async get(slug: string): Promise<TenantView> {
    const row = await findTenantRow(this.db, slug);
    if (!row) throw new TenantChangeError(`no tenant '${slug}'`, 'unknown', 'tenant');
    return { row, config: validateTenantConfig(row.config, slug) };
  }

  /** Each location of the site with the weekly hours it keeps per department. */
  async locationHours(slug: string): Promise<LocationHours[]> {
    return (await listLocations(this.db, slug)).map((location) => ({
      slug: location.slug,
      name: location.name,
      hours: Object.fromEntries(
        HOURS_TYPES.filter((type) => location.contact_detail.opening_hours[type]).map((type) => [
          type,
          (location.contact_detail.opening_hours[type] ?? []).map(({ weekday, open, close }) => ({
            weekday,
            open,
            close,
          })),
        ]),
      ),
    }));
  }

  /**
   * The configuration with one section's keys replaced: validated, then saved unless `preview`.
   * Keys the section does not own are refused, so a section form cannot reach another's keys.
   */
  async changeSection(input: {
    slug: string;
    section: TenantSection;
    value: Record<string, unknown>;
    revision: number;
    by: string;
    preview?: boolean;
  }): Promise<TenantView> {
    const keys: readonly string[] = TENANT_SECTIONS[input.section];
    const stray = Object.keys(input.value).filter((key) => !keys.includes(key));
    if (stray.length)
      throw invalid(stray.map((key) => ({ field: key, reason: `is not part of the ${input.section} section` })));
    const current = await findTenantRow(this.db, input.slug);
    if (!current) throw new TenantChangeError(`no tenant '${input.slug}'`, 'unknown', 'tenant');
    const next: Record<string, unknown> = { ...asObject(current.config) };
    for (const key of keys) {
      if (input.value[key] === undefined) delete next[key];
      else next[key] = input.value[key];
    }
    const config = validateTenantConfig(next, input.slug);
    if (input.preview) return { row: current, config };
    const row = await updateTenant(this.db, {
      slug: input.slug,
      config: next,
      by: input.by,
      revision: input.revision,
    }).catch(fromWriteError);
    return { row, config };
  }

  /** One department's week at one location; a closed day keeps no times. */
  async changeHours(input: {
    slug: string;
    location: string;
    type: (typeof HOURS_TYPES)[number];
    days: readonly DayHours[];
    revision: number;
    by: string;
  }): Promise<TenantView> {
    const hours: OpeningHour[] = [...input.days]
      .sort((a, b) => a.weekday - b.weekday)
      .map(({ weekday, open, close }) =>
        open && close
          ? { weekday, status: 'Open', formated_hours: formattedHours(open, close), open, close }
          : { weekday, status: 'Closed', formated_hours: 'Closed', open: null, close: null },
      );
    const row = await updateLocationHours(this.db, {
      tenant: input.slug,
      location: input.location,
      type: input.type,
      hours,
      by: input.by,
      revision: input.revision,
    }).catch(fromWriteError);
    return { row, config: validateTenantConfig(row.config, input.slug) };
  }

  /** A new tenant from a whole configuration (the console's new-tenant form, `forecourt tenants import`). */
  async create(raw: Record<string, unknown>, by: string): Promise<TenantView> {
    const config = validateTenantConfig(raw, typeof raw.slug === 'string' ? raw.slug : '(new tenant)');
    const row = await insertTenant(this.db, { slug: config.slug, config: raw, by }).catch(fromWriteError);
    return { row, config };
  }

  /** A whole configuration over a tenant's (an import of a file the operator edited); its slug must stay. */
  async replace(slug: string, raw: Record<string, unknown>, by: string): Promise<TenantView> {
    if (raw.slug !== slug)
      throw invalid([{ field: 'slug', reason: `must stay '${slug}': a tenant's slug is its name everywhere` }]);
    const config = validateTenantConfig(raw, slug);
    const row = await updateTenant(this.db, { slug, config: raw, by }).catch(fromWriteError);
    return { row, config };
  }

  /** Every tenant as written: the import and export format. */
  async export(): Promise<TenantRow[]> {
    return listTenantRows(this.db);
  }
}
