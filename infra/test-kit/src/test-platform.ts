import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { BootDataSchema, type BootData } from '@forecourt/shared-config/manifest';
import { REMOTE_TEAMS } from '@forecourt/shared-config/teams';
import { SHELL_SERVER_VERSION } from '@forecourt/shell/server';
import type { Database, Engine } from '@forecourt/data/database';
import { DEFAULT_TENANT } from '@forecourt/data/pins';
import { loadConfig, type Config } from '@forecourt/config/load';
import { loadContent, type ContentLibrary } from '@forecourt/domain/content/content-library';
import { resolveContentDir } from '@forecourt/config/paths';
import { buildApp, type AppOptions } from '@forecourt/server/app';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { readOrCreateAdminToken } from '@forecourt/server/plugins/platform/admin-auth';
import { makeFakeBuild, tempDir, type FakeBuildOptions } from './fake-build';
import { testOperatorToken } from './operators';
import { openTestDatabase, serverTestEngine } from './test-database';

export interface TestPlatform {
  app: FastifyInstance;
  dataDir: string;
  /** The shared admin token: it only creates the first operator. */
  adminToken: string;
  /** A personal token of an operator account ('Test operator'): what the admin API takes. */
  operatorToken: string;
  /** Makes a fake build and publishes it. */
  publish(options: FakeBuildOptions): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real app on a temporary data dir and the given (shared) database, with the demo tenants,
 * a fake shell at the version the server's first paint renders like (SHELL_SERVER_VERSION: the
 * checkout's) and every remote at 1.0.0, published and pinned as platform defaults.
 */
export async function createTestPlatform(
  database: Database,
  options: Omit<AppOptions, 'database' | 'dataDir'> = {},
): Promise<TestPlatform> {
  const dataDir = await tempDir();
  const config = options.config ?? testConfig();
  // The platform's tenants are the test's: rows another platform of the file wrote are replaced.
  const app = await buildApp({
    ...(await demoSite(options)),
    tenantRows: 'replace',
    ...options,
    config,
    dataDir,
    database,
  });
  await app.ready();
  const publish = async (build: FakeBuildOptions) => {
    await app.registry.publish(build.team, await makeFakeBuild(dataDir, build));
  };
  await publish({ team: 'shell', version: SHELL_SERVER_VERSION });
  await app.pins.pin({ tenant: DEFAULT_TENANT, team: 'shell', version: SHELL_SERVER_VERSION, actor: 'test' });
  for (const team of REMOTE_TEAMS) {
    await publish({ team, version: '1.0.0' });
    await app.pins.pin({ tenant: DEFAULT_TENANT, team, version: '1.0.0', actor: 'test' });
  }
  return {
    app,
    dataDir,
    adminToken: await readOrCreateAdminToken(dataDir, options.config),
    operatorToken: await testOperatorToken(app),
    publish,
    close: async () => {
      await app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The time budgets a test does not exercise, set out of its way. Production's are met with room
 * to spare on an idle machine and missed on a loaded one, where a test would then pass or fail by
 * the machine's speed: one request's searches may take 200 ms of wall time (then 429), a page
 * waits 300 ms for its app's first paint (then it is sent without it), and an instance renders
 * four first paints at once. First paints render on the request thread: a pool of render threads
 * for each of the dozens of platforms a test file may start would each load React and every
 * team's pages (first-paint-pool.test.ts tests the pool). The environment still wins, and a test
 * of a budget passes a configuration of its own.
 */
const TEST_BUDGETS = {
  FORECOURT_SEARCH_BUDGET_MS: '60000',
  FORECOURT_FIRST_PAINT_BUDGET_MS: '10000',
  FORECOURT_FIRST_PAINT_CONCURRENCY: '100',
  FORECOURT_FIRST_PAINT_THREADS: '0',
};

/** The configuration a test platform runs with unless its test passes one. */
export function testConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig({ ...TEST_BUDGETS, ...env });
}

let demo: Promise<{ tenants: readonly TenantConfig[]; content: ContentLibrary }> | undefined;

/**
 * The demo tenants and their content pages, read and checked once per test file: each platform a
 * test would otherwise read every tenant's file and parse every Markdown page again (about a tenth of
 * a platform's start, measured in a profile of pages.test.ts). Nothing when the test names its
 * own tenants or content, there or in its configuration.
 */
async function demoSite(
  options: Omit<AppOptions, 'database' | 'dataDir'>,
): Promise<Pick<AppOptions, 'tenants' | 'content'>> {
  const config = options.config ?? loadConfig();
  if (
    options.tenants ||
    options.tenantsDir ||
    options.content ||
    options.contentDir ||
    config.FORECOURT_TENANTS_DIR ||
    config.FORECOURT_CONTENT_DIR
  )
    return {};
  demo ??= (async () => {
    const tenants = await loadTenants();
    return { tenants, content: await loadContent(resolveContentDir(), tenants) };
  })();
  return demo;
}

/** One database per test file (`serverTestEngine`'s), cleared between platforms. */
export async function openSharedDatabase(engine: Engine = serverTestEngine()): Promise<Database> {
  return openTestDatabase(engine);
}

export async function clearPlatformTables(database: Database): Promise<void> {
  await database.db.deleteFrom('pins').execute();
  await database.db.deleteFrom('canaries').execute();
  await database.db.deleteFrom('version_health').execute();
  await database.db.deleteFrom('pin_changes').execute();
  await database.db.deleteFrom('publishes').execute();
  await database.db.deleteFrom('analytics_events').execute();
  await database.db.deleteFrom('miscellaneous').execute();
  await database.db.deleteFrom('lead_outbox').execute();
  await database.db.deleteFrom('dev_crm_leads').execute();
  await database.db.deleteFrom('leads').execute();
  await database.db.deleteFrom('reservations').execute();
  // The operator audit is append-only: tests tell their entries apart by the accounts they make.
  await database.db.deleteFrom('operator_tokens').execute();
  await database.db.deleteFrom('operator_accounts').execute();
  for (const table of ['watchlist', 'sessions', 'verifications', 'sms_outbox', 'otp_codes', 'identity_users'] as const)
    await database.db.deleteFrom(table).execute();
}

/** The boot data a composed page carries (`#forecourt-boot`), checked against its schema. */
export function bootDataOf(html: string): BootData {
  const match = /<script id="forecourt-boot" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no boot data in page');
  return BootDataSchema.parse(JSON.parse(match[1]));
}
