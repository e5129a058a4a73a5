import {
  InvalidTenantConfigError,
  parseTenantConfig,
  type TenantConfig,
  type TenantConfigProblem,
} from '../tenant/schema';

/**
 * The tenant-config tests' kit: one sample site with only the fields every site must state, and
 * the problems a refused config reports. The schema's and each team section's tests start here.
 */
export const SAMPLE_TENANT = {
  slug: 'sample-motors',
  name: 'Sample Motors',
  kind: 'used-only',
  logo: { text: 'SM', alt: 'Sample Motors' },
  theme: { primary: '#112233', accent: '#445566' },
  contact: { phone: '03 5300 0000', city: 'Ballarat', state: 'VIC' },
} as const;

/** The sample site with one section's settings. */
export function sampleWith(section: string, settings: Record<string, unknown>): TenantConfig {
  return parseTenantConfig({ ...SAMPLE_TENANT, [section]: settings }, 'sample.json');
}

/** What the schema refuses in `run` (a parse), naming the fields; fails the test when it accepts. */
export function problemsOf(run: () => unknown): TenantConfigProblem[] {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidTenantConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the config to be refused');
}

/** What the schema refuses in one raw config. */
export const problemsOfConfig = (raw: unknown): TenantConfigProblem[] =>
  problemsOf(() => parseTenantConfig(raw, 'sample.json'));
