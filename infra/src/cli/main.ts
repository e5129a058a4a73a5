import path from 'node:path';
import { parseArgs } from 'node:util';
import { InvalidTenantConfigError } from '@forecourt/shared-config/tenant';
import { migrate, openDatabase } from '../db/database';
import type { FailureSummary } from '../db/events';
import type { PinChange } from '../db/pins';
import { prepareSite } from '../deploy/prepare-site';
import type { PinsOverview } from '../pins/pin-service';
import { REPO_ROOT } from '../paths';
import { PublishError, Registry } from '../registry/registry';
import { listen, serverSettings } from '../server/main';
import { loadTenants } from '../tenants/load-tenants';
import { connectAdmin, serverAnswers } from './admin-client';
import { indexStock } from '../search/indexing/indexer';
import { seedStock } from '../stock/seed/seed-stock';
import { formatTable } from './table';

const HELP = `Forecourt platform CLI  (npm run forecourt -- <command>)

  start                                   build what is missing, migrate, publish, pin, serve
  publish <team> [--from <dir>]           publish a build (default <repo>/<team>/dist) to the registry
  pin <tenant> <team> <version>           pin a published version for a tenant ('*' = platform default)
  rollback <tenant> <team> [--to <ver>]   go back to the last-good version (or --to)
  list [tenant]                           pins per tenant and published versions per team
  history [tenant]                        every pin change: when, who, from, to
  failures [tenant] [--days N]            failures the shells reported, per tenant, remote, version, kind
  migrate                                 apply database migrations
  seed [--cars N] [--seed S] [--force]    generate demo stock (N cars in all; --force replaces existing)
  index                                   re-index stock into the search service (the running server's
                                          embedded one, or Algolia when SEARCH_APP_ID/_ADMIN_KEY/_SEARCH_KEY are set)
  help                                    this text

pin, rollback, list and history go through the running server's admin API when one answers on
PORT (default 8080), else they run in process on the same data dir. A pin applies on the next
page load. Environment: PORT, HOST, FORECOURT_DATA_DIR, FORECOURT_TENANTS_DIR, DATABASE_URL.`;

class UsageError extends Error {}

const actor = () => process.env.USER || 'cli';

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

async function adminCall(method: 'GET' | 'POST', route: string, body?: object): Promise<unknown> {
  const { dataDir, port } = serverSettings();
  const client = await connectAdmin(dataDir, port);
  try {
    const response = await client.request(method, route, body);
    if (response.status >= 400) {
      const message = (response.body as { error?: string } | null)?.error ?? JSON.stringify(response.body);
      throw new Error(message);
    }
    return response.body;
  } finally {
    await client.close();
  }
}

async function start(): Promise<void> {
  const started = Date.now();
  const settings = serverSettings();
  const tenants = await loadTenants();
  const shownDataDir = settings.dataDir.startsWith(REPO_ROOT + path.sep) ? path.relative(REPO_ROOT, settings.dataDir) : settings.dataDir;
  console.log(`Forecourt: ${tenants.length} tenants, data in ${shownDataDir}, database ${settings.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite'}`);
  const database = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  try {
    await prepareSite({ repoRoot: REPO_ROOT, dataDir: settings.dataDir, database, tenants, log: (line) => console.log(line) });
  } catch (error) {
    await database.close();
    throw error;
  }
  const listening = Date.now();
  await listen(settings, database, tenants, { log: (line) => console.log(line) });
  console.log(`\nServing on http://${settings.host}:${settings.port}/ (server up in ${seconds(listening)}, ${seconds(started)} in all)`);
  for (const tenant of tenants) console.log(`  ${tenant.name.padEnd(22)} http://${tenant.slug}.localhost:${settings.port}/`);
  console.log(
    `\nTools that cannot resolve *.localhost can send the header X-Forecourt-Tenant: <slug>.` +
      `\nChange pins without a restart: npm run forecourt -- list | pin <tenant> <team> <version> | rollback <tenant> <team>` +
      `\nStop with Ctrl+C.`,
  );
}

async function publish(team: string | undefined, from: string | undefined): Promise<void> {
  if (!team) throw new UsageError('publish needs a team, e.g. publish mf-search');
  const { dataDir } = serverSettings();
  // npm runs the CLI inside infra/, so a relative --from is taken from where the command was
  // typed (npm's INIT_CWD), which is what the person typing it means.
  const buildDir = from ? path.resolve(process.env.INIT_CWD ?? process.cwd(), from) : path.join(REPO_ROOT, team, 'dist');
  const meta = await new Registry(path.join(dataDir, 'registry')).publish(team, buildDir);
  console.log(`Published ${team} ${meta.version} from ${buildDir}`);
  console.log(`  /registry/${team}/${meta.version}/  (no tenant changed; pin it with: npm run forecourt -- pin <tenant> ${team} ${meta.version})`);
}

function describeChange(result: unknown): string {
  const { pin, change } = result as { pin: { tenant: string; team: string; version: string; lastGoodVersion: string | null }; change: PinChange | null };
  if (!change) return `${pin.tenant} ${pin.team} is already on ${pin.version}; nothing changed`;
  return `${change.action === 'rollback' ? 'Rolled back' : 'Pinned'} ${pin.tenant} ${pin.team}: ${change.fromVersion ?? '(none)'} -> ${pin.version}` +
    (pin.lastGoodVersion ? ` (last good: ${pin.lastGoodVersion})` : '') + '. Applies on the next page load.';
}

async function list(tenant: string | undefined): Promise<void> {
  const overview = (await adminCall('GET', '/pins')) as PinsOverview;
  const rows = overview.effective
    .filter((p) => !tenant || p.tenant === tenant)
    .map((p) => [p.tenant, p.team, p.version ?? '(none)', p.lastGoodVersion ?? '-', p.source === 'default' ? "platform default ('*')" : p.source === 'tenant' ? 'tenant pin' : 'not pinned']);
  if (tenant && rows.length === 0) throw new Error(`Unknown tenant '${tenant}'`);
  const defaults = overview.pins.filter((p) => p.tenant === '*').map((p) => ['*', p.team, p.version, p.lastGoodVersion ?? '-', 'platform default']);
  console.log(formatTable(['TENANT', 'REMOTE', 'PINNED', 'LAST GOOD', 'SOURCE'], [...rows, ...(tenant ? [] : defaults)]));
  console.log('');
  console.log(formatTable(['TEAM', 'PUBLISHED VERSIONS'], Object.entries(overview.published).map(([team, versions]) => [team, versions.join(', ') || '(none)'])));
}

async function history(tenant: string | undefined): Promise<void> {
  const query = tenant ? `?tenant=${encodeURIComponent(tenant)}` : '';
  const { changes } = (await adminCall('GET', `/history${query}`)) as { changes: PinChange[] };
  if (changes.length === 0) {
    console.log(tenant ? `No pin changes for ${tenant}.` : 'No pin changes yet.');
    return;
  }
  console.log(
    formatTable(
      ['WHEN', 'TENANT', 'TEAM', 'ACTION', 'FROM', 'TO', 'WHO'],
      changes.map((c) => [new Date(c.at).toISOString().replace('T', ' ').slice(0, 19), c.tenant, c.team, c.action, c.fromVersion ?? '-', c.toVersion, c.actor]),
    ),
  );
}

async function failures(tenant: string | undefined, days: string | undefined): Promise<void> {
  if (days !== undefined && !/^[1-9]\d*$/.test(days)) throw new UsageError('--days must be a positive whole number');
  const params = new URLSearchParams({ ...(tenant ? { tenant } : {}), ...(days ? { days } : {}) });
  const { failures: rows } = (await adminCall('GET', `/failures${params.size ? `?${params}` : ''}`)) as { failures: FailureSummary[] };
  if (rows.length === 0) {
    console.log(`No failures reported${tenant ? ` for ${tenant}` : ''}${days ? ` in the last ${days} days` : ''}.`);
    return;
  }
  console.log(
    formatTable(
      ['TENANT', 'REMOTE', 'VERSION', 'KIND', 'COUNT', 'LAST SEEN'],
      rows.map((f) => [f.tenant, f.remote, f.version, f.kind, String(f.count), new Date(f.lastSeen).toISOString().replace('T', ' ').slice(0, 19)]),
    ),
  );
}

async function migrateCommand(): Promise<void> {
  const settings = serverSettings();
  if (!settings.databaseUrl && (await serverAnswers(settings.port))) {
    // Two processes on one PGlite data dir would corrupt it; the server migrated at its start.
    throw new Error(`A server is running on port ${settings.port} with this data dir; it applies migrations when it starts.`);
  }
  const database = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  try {
    const applied = await migrate(database.db);
    console.log(applied.length ? `Applied ${applied.join(', ')}` : 'Database is up to date.');
  } finally {
    await database.close();
  }
}

async function seedCommand(values: { cars?: string; seed?: string; force?: boolean }): Promise<void> {
  const settings = serverSettings();
  if (!settings.databaseUrl && (await serverAnswers(settings.port))) {
    throw new Error(`A server is running on port ${settings.port} with this data dir; stop it before seeding (PGlite is single-process).`);
  }
  const totalCars = values.cars === undefined ? undefined : Number(values.cars);
  if (totalCars !== undefined && (!Number.isInteger(totalCars) || totalCars < 1)) throw new UsageError('--cars must be a positive whole number');
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isInteger(seed)) throw new UsageError('--seed must be a whole number');
  const started = Date.now();
  const tenants = await loadTenants();
  const database = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  try {
    await migrate(database.db);
    const summary = await seedStock(database, tenants, { totalCars, seed, force: values.force, log: (line) => console.log(line) });
    const cars = summary.seeded.reduce((sum, t) => sum + t.cars, 0);
    console.log(`Seeded ${summary.seeded.length} tenants, ${cars} cars in ${seconds(started)}${summary.kept.length ? ` (kept ${summary.kept.length}; use --force to replace)` : ''}.`);
  } finally {
    await database.close();
  }
}

async function indexCommand(): Promise<void> {
  const settings = serverSettings();
  const started = Date.now();
  const external = process.env.SEARCH_APP_ID && process.env.SEARCH_ADMIN_KEY && process.env.SEARCH_SEARCH_KEY;
  if (!external) {
    // The embedded index lives in the running server: it re-indexes from its own database.
    const result = (await adminCall('POST', '/reindex', {})) as { records: number };
    console.log(`Indexed ${result.records} cars into the embedded search service in ${seconds(started)}.`);
    return;
  }
  const tenants = await loadTenants();
  const database = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  try {
    const target = { appId: process.env.SEARCH_APP_ID!, adminKey: process.env.SEARCH_ADMIN_KEY!, hosts: (process.env.SEARCH_HOSTS ?? '').split(',').filter(Boolean), protocol: 'https' as const };
    const result = await indexStock({ db: database.db, tenants, target, log: (line) => console.log(line) });
    console.log(`Indexed ${result.records} cars into ${target.appId} in ${seconds(started)}.`);
  } finally {
    await database.close();
  }
}

export async function run(argv: readonly string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      cars: { type: 'string' },
      seed: { type: 'string' },
      force: { type: 'boolean' },
      days: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...rest] = positionals;
  switch (command) {
    case undefined:
    case 'help':
      console.log(HELP);
      return;
    case 'start':
      return start();
    case 'publish':
      return publish(rest[0], values.from);
    case 'pin': {
      const [tenant, team, version] = rest;
      if (!tenant || !team || !version) throw new UsageError('pin needs <tenant> <team> <version>');
      console.log(describeChange(await adminCall('POST', '/pins', { tenant, team, version, actor: actor() })));
      return;
    }
    case 'rollback': {
      const [tenant, team] = rest;
      if (!tenant || !team) throw new UsageError('rollback needs <tenant> <team> [--to <version>]');
      console.log(describeChange(await adminCall('POST', '/rollback', { tenant, team, to: values.to, actor: actor() })));
      return;
    }
    case 'list':
      return list(rest[0]);
    case 'history':
      return history(rest[0]);
    case 'failures':
      return failures(rest[0], values.days);
    case 'migrate':
      return migrateCommand();
    case 'seed':
      return seedCommand(values);
    case 'index':
      return indexCommand();
    default:
      throw new UsageError(`Unknown command '${command}'`);
  }
}

if (require.main === module) {
  run(process.argv.slice(2)).catch((error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${HELP}`);
      process.exit(2);
    }
    const known = error instanceof PublishError || error instanceof InvalidTenantConfigError;
    console.error(known || error instanceof Error ? `Error: ${(error as Error).message}` : error);
    process.exit(1);
  });
}
