import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { InvalidTenantConfigError } from '@forecourt/shared-config/tenant';
import type { z } from 'zod';
import {
  AccountChange,
  Accounts,
  Audit,
  CanaryResult,
  CreatedStockKey,
  Enrollment,
  FeedScheduleChange,
  FeedSchedules,
  Failures,
  IssuedToken,
  Me,
  OverrideLink,
  PinHistory,
  PinResult,
  PinsOverview,
  Reindexed,
  RevokedStockKey,
  StockImportDetail,
  StockImports,
  StockKeys,
  type EffectivePin,
} from '@forecourt/admin-contract';
import { DEFAULT_TENANT, type PinSnapshot } from '@forecourt/data/pins';
import { DEMO_OPERATOR, demoEnrollmentUrl } from '@forecourt/domain/operators/demo-operator';
import { staleBuildNotice, type StaleBuild } from '@forecourt/releases/builds/stale-builds';
import { REPO_ROOT } from '@forecourt/config/paths';
import { consoleOrigin } from '@forecourt/config/console-origin';
import { serverSettings } from '@forecourt/config/server-settings';
import { jsonOf } from '@forecourt/runtime/json';
import { callAdmin, connectAdmin, serverListens, type AdminMethod } from './admin-client';
import { formatTable } from '@forecourt/runtime/table';
import { isProduction, loadConfig } from '@forecourt/config/load';
import { doctorReport, formatDoctorReport } from '@forecourt/config/doctor';

/*
 * The server, the database, the registry's gate and the search indexer load only in the commands
 * that run them in this process (start, migrate, seed, index, recover, publish): a command that
 * asks the running server (list, pin, canary, promote, rollback, ...) does not load them, which
 * takes about 2 s of CPU off every such call.
 */
const databaseModule = () => import('@forecourt/data/database');
const tenantsModule = () => import('@forecourt/config/tenants/load-tenants');

/** The usage every command is listed in; the docs' CLI examples are checked against it. */
export const HELP = `Forecourt platform CLI  (npm run forecourt -- <command>)

  start                                   build what is missing, migrate, publish, pin, serve
  publish <team> [--from <dir>] [--force --reason "<why>"]
                                          run the contract gate (exposes, fragments other teams use,
                                          shared ranges, routes, first-load budget, a headless mount
                                          against the current shell), then publish a build (default
                                          <repo>/<team>/dist); a failing gate publishes nothing unless
                                          forced, and a forced publish is audited
  publishes [team] [--forced]             the publish audit: who published what, when, what the gate said
  pin <tenant> <team> <version>           pin a published version for a tenant ('*' = platform default)
  canary <tenant> <team> <version> <percent>
                                          send percent (1-99) of the tenant's shoppers, sticky per
                                          shopper, to a published version; run again to change it
  promote <tenant> <team>                 make the canary's version the pin (the old pin becomes the rollback target)
  rollback <tenant> <team> [--to <ver>]   drop the canary if one runs, else go back to the last-good
                                          version (or --to)
  list [tenant]                           per tenant: each team's pin, canary, last good (earned from
                                          shoppers' clean mounts) and rollback target; published versions
  history [tenant] [--tenant <t>] [--remote <team>]
                                          every change: when, who, what, from, to, percent
  failures [tenant] [--days N]            failures the shells reported, per tenant, remote, version, kind
  operators [list]                        the accounts: name, role, tenants, active (an operator's)
  operators add <name> --role <role> [--tenants a,b]
                                          a new account: operator (every tenant), tenant-manager (pin,
                                          canary, promote, rollback on the named tenants) or viewer
                                          (read only; the named tenants, or all)
  operators deactivate <id>               deactivate an account; its tokens stop working at once
  operators me                            who your token belongs to, and your tokens
  operators enroll <id>                   a one-time link (24 hours) that registers a passkey for the
                                          account, to sign in to the console (an operator's, or your own)
  operators recover <name>                on the machine that reaches the database, with no server on
                                          this data dir: a new token for an active operator who lost theirs
  tokens create [--account <id>] [--label <text>] [--days N]
                                          a personal token (default 90 days), shown once; another
                                          account's is an operator's to make (a lost device)
  stock-keys create <tenant> [--label <text>]
                                          a Stock API key for the tenant's own system (docs/stock.md),
                                          printed once, on the last line
  stock-keys list [tenant]                the stock keys you may manage: id, tenant, label, revoked, last used
  stock-keys revoke <id>                  revoke a stock key; it stops working at once
  feeds list [tenant]                     the scheduled feeds you may manage: source, URL, interval,
                                          last pull and its result, next pull
  feeds set <tenant> <source> --url <url> [--format meta-auto] [--every <minutes>]
                                          pull the source's feed from url every N minutes (default 60,
                                          at least 15); due at once. A site has at most
                                          FORECOURT_FEEDS_PER_SITE schedules
  feeds remove <tenant> <source>          no more pulls of the source (its cars stay as they are)
  tenants list                            every tenant: slug, revision, name (an operator's)
  tenants create <file>                   a new tenant from its JSON (the tenant files' format)
  tenants import <dir|file>               each file's tenant: created when new, replaced whole when it exists
  tenants export <dir>                    every tenant as <slug>.json, as the rows hold it
  imports list <tenant> [--limit N]       the site's latest imports (default 20): status, counts, times
  imports show <id>                       one import, with its rejected rows
  imports apply <id> --reason <text>      apply a quarantined import anyway (audited with the reason)
  audit [tenant]                          every change and refused attempt: who, token, what, before, after
  override <tenant> <team> <entry URL>    a link that makes the browser opening it (only that one) load
                                          the team from your dev server, e.g. http://localhost:3001/remoteEntry.js
  migrate                                 apply database migrations
  seed [--cars N] [--seed S] [--force]    generate demo stock (N cars in all; --force replaces existing)
  index                                   re-index stock into the search service (the running server's
                                          embedded one, or Algolia when SEARCH_APP_ID/_ADMIN_KEY/_SEARCH_KEY are set)
  search-service                          run the search service as a process of its own (the web tier
                                          reaches it with SEARCH_APP_ID, the keys and SEARCH_HOSTS): on
                                          DATABASE_URL, SEARCH_SERVICE_PORT (8300), SEARCH_SERVICE_DATA_DIR
  doctor                                  the effective configuration (secrets masked) and where each
                                          value came from; exits non-zero when the server would refuse
                                          to start (e.g. NODE_ENV=production without what it needs)
  help                                    this text

pin, canary, promote, rollback, list, history, publish, publishes, operators, tokens, stock-keys, feeds, imports, tenants and audit go
through the running server's admin API when one answers on PORT (default 8080), else they run in
process on the same data dir, with your personal token: FORECOURT_TOKEN, else the data dir's
operator-token (npm start writes the demo operator's). promote and rollback send the pin you see
now and are refused if it changed meanwhile. A pin or canary applies on the next page load.
Environment: PORT, HOST, FORECOURT_DATA_DIR, FORECOURT_TENANTS_DIR, DATABASE_URL, FORECOURT_TOKEN.`;

class UsageError extends Error {}

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

/** One admin API call, its answer parsed with `answer`, the contract's schema of it. */
async function adminCall<S extends z.ZodType>(
  answer: S,
  method: AdminMethod,
  route: string,
  body?: object,
): Promise<z.output<S>> {
  const { dataDir, port } = serverSettings();
  const client = await connectAdmin(dataDir, port);
  try {
    return await callAdmin(client, answer, method, route, body);
  } finally {
    await client.close();
  }
}

/** The demo's prepare steps seed stock and generate secrets: never in production. */
function refuseInProduction(command: string): void {
  if (isProduction(loadConfig()))
    throw new Error(
      `'${command}' prepares the demo (it builds, seeds and generates secrets) and is refused with NODE_ENV=production; production runs 'npm run serve' after 'forecourt migrate'`,
    );
}

async function doctor(): Promise<void> {
  const report = doctorReport(process.env);
  console.log(formatDoctorReport(report));
  if (report.refused) process.exitCode = 1;
}

async function start(): Promise<void> {
  (await import('@forecourt/pages/production-react')).loadProductionReact();
  const [{ openDatabase }, { loadTenants }, { prepareSite }, { listen }, { prefetchSearchSnapshot }, demoFeed] =
    await Promise.all([
      databaseModule(),
      tenantsModule(),
      import('./prepare-site'),
      import('@forecourt/server/main'),
      import('@forecourt/server/plugins/platform/search'),
      import('@forecourt/demo-data/demo-feed/demo-feed'),
    ]);
  refuseInProduction('start');
  const started = Date.now();
  const settings = serverSettings();
  const tenants = await loadTenants();
  const shownDataDir = settings.dataDir.startsWith(REPO_ROOT + path.sep)
    ? path.relative(REPO_ROOT, settings.dataDir)
    : settings.dataDir;
  console.log(
    `Forecourt: ${tenants.length} tenants, data in ${shownDataDir}, database ${settings.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite'}`,
  );
  // The search index's snapshot is read while the database opens and the site is prepared.
  const searchSnapshot = prefetchSearchSnapshot(settings.dataDir);
  const database = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  let stale: StaleBuild[];
  try {
    stale = await prepareSite({
      repoRoot: REPO_ROOT,
      dataDir: settings.dataDir,
      database,
      tenants,
      log: (line) => console.log(line),
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  const listening = Date.now();
  const app = await listen(settings, database, tenants, { log: (line) => console.log(line), searchSnapshot });
  // The demo yard's feed is pulled as the site comes up; the site does not wait for its cars.
  const yardFeed = await demoFeed.startDemoFeed(app);
  console.log(
    `\nServing on http://${settings.host}:${settings.port}/ (server up in ${seconds(listening)}, ${seconds(started)} in all)`,
  );
  for (const tenant of tenants)
    console.log(`  ${tenant.name.padEnd(22)} http://${tenant.slug}.localhost:${settings.port}/`);
  console.log(`  ${'Operator console'.padEnd(22)} ${consoleOrigin(app.config)}/`);
  const yard = app.tenants.get(demoFeed.DEMO_FEED.tenant)?.name ?? demoFeed.DEMO_FEED.tenant;
  if (yardFeed.status === 'scheduled') {
    console.log(
      `\n${yard}'s cars come from its dealer feed, pulled from ${yardFeed.url} (npm run forecourt -- feeds list ${demoFeed.DEMO_FEED.tenant}).`,
    );
    void demoFeed.demoFeedOutcome(app, yardFeed).then(
      (line) => console.log(`${yard}'s feed: ${line}`),
      (error: unknown) =>
        console.log(
          `${yard}'s feed: the import could not be followed: ${error instanceof Error ? error.message : String(error)}`,
        ),
    );
  } else {
    console.log(`\n${yard}'s feed is not pulled: ${yardFeed.reason}.`);
  }
  const enrollment = await demoEnrollmentUrl(app.operators, app.consoleSessions);
  if (enrollment)
    console.log(
      `\nRegister a passkey for '${DEMO_OPERATOR}' to sign in to the console (one use, 24 hours):\n  ${enrollment}`,
    );
  console.log(
    `\nTools that cannot resolve *.localhost can send the header X-Forecourt-Tenant: <slug>.` +
      `\nChange pins without a restart: npm run forecourt -- list | pin <tenant> <team> <version> | rollback <tenant> <team>` +
      `\nStop with Ctrl+C.`,
  );
  // Last, after the URLs: a warning printed during the build or publish steps scrolls away.
  const notice = staleBuildNotice(stale);
  if (notice.length) console.log(`\n${notice.join('\n')}`);
}

async function publish(
  team: string | undefined,
  values: { from?: string | undefined; force?: boolean | undefined; reason?: string | undefined },
): Promise<void> {
  const { publishCommand } = await import('./publish');
  if (!team) throw new UsageError('publish needs a team, e.g. publish mf-search');
  if (values.force && !values.reason?.trim())
    throw new UsageError('--force needs --reason "<why>": a forced publish is audited');
  if (values.reason !== undefined && !values.force) throw new UsageError('--reason goes with --force');
  await publishCommand({
    team,
    from: values.from,
    force: values.force,
    reason: values.reason,
    log: (line) => console.log(line),
  });
}

const APPLIES = 'Applies on the next page load.';

function describeChange({ pin, change, droppedCanary }: PinResult): string {
  const dropped = droppedCanary ? `canary of ${droppedCanary.version} at ${droppedCanary.percent}% dropped` : '';
  if (!change) {
    return (
      `${pin.tenant} ${pin.team} is already on ${pin.version}; ` +
      (dropped ? `${dropped}. ${APPLIES}` : 'nothing changed')
    );
  }
  if (change.action === 'rollback' && droppedCanary) {
    return `Dropped the canary of ${pin.tenant} ${pin.team}: its ${droppedCanary.percent}% of shoppers go back from ${droppedCanary.version} to ${pin.version}. ${APPLIES}`;
  }
  const verb =
    change.action === 'rollback' ? 'Rolled back' : change.action === 'promote' ? 'Promoted the canary of' : 'Pinned';
  return (
    `${verb} ${pin.tenant} ${pin.team}: ${change.fromVersion ?? '(none)'} -> ${pin.version}` +
    (pin.lastGoodVersion ? ` (a rollback goes back to ${pin.lastGoodVersion})` : '') +
    (dropped && change.action === 'pin' ? ` (${dropped})` : '') +
    `. ${APPLIES}`
  );
}

function describeCanary({ canary, pin, change }: CanaryResult): string {
  const what = `${canary.tenant} ${canary.team}: ${canary.version} for ${canary.percent}% of shoppers (the others stay on ${pin.version})`;
  if (!change) return `The canary already runs on ${what}; nothing changed`;
  return `Canary on ${what}. ${APPLIES} Then: promote ${canary.tenant} ${canary.team}, or rollback ${canary.tenant} ${canary.team} to drop it.`;
}

/** A whole number as typed; the range is the admin API's to check, so both say the same. */
function parsePercent(raw: string): number {
  if (!/^\d{1,3}$/.test(raw)) throw new UsageError(`percent must be a whole number from 1 to 99, not '${raw}'`);
  return Number(raw);
}

function pinCell(p: EffectivePin): string {
  if (!p.version) return '(not pinned)';
  const notes = [p.source === 'default' ? 'platform default' : '', p.pinEarned ? 'earned' : ''].filter(Boolean);
  return notes.length ? `${p.version} (${notes.join(', ')})` : p.version;
}

async function list(tenant: string | undefined): Promise<void> {
  const overview = await adminCall(PinsOverview, 'GET', '/pins');
  const shown = overview.effective.filter((p) => !tenant || p.tenant === tenant);
  if (tenant && shown.length === 0) throw new Error(`Unknown tenant '${tenant}'`);
  const tenants = [...new Set(shown.map((p) => p.tenant))];
  // One table per tenant: what its shoppers get per team is read across one line.
  for (const slug of tenants) {
    console.log(slug);
    const rows = shown
      .filter((p) => p.tenant === slug)
      .map((p) => [
        p.team,
        pinCell(p),
        p.canary ? `${p.canary.version} @ ${p.canary.percent}%` : '-',
        p.lastGoodVersion ?? '-',
        p.previousVersion ?? '-',
      ]);
    console.log(formatTable(['TEAM', 'PIN', 'CANARY', 'LAST GOOD', 'ROLLBACK TO'], rows));
    console.log('');
  }
  const defaults = overview.pins.filter((p) => p.tenant === '*');
  if (!tenant && defaults.length) {
    console.log("platform defaults ('*', for tenants without their own pin)");
    console.log(
      formatTable(
        ['TEAM', 'PIN', 'ROLLBACK TO'],
        defaults.map((p) => [p.team, p.version, p.lastGoodVersion ?? '-']),
      ),
    );
    console.log('');
  }
  console.log(
    formatTable(
      ['TEAM', 'PUBLISHED VERSIONS'],
      Object.entries(overview.published).map(([team, versions]) => [team, versions.join(', ') || '(none)']),
    ),
  );
}

async function history(tenant: string | undefined, team: string | undefined): Promise<void> {
  const params = new URLSearchParams({ ...(tenant ? { tenant } : {}), ...(team ? { team } : {}) });
  const { changes } = await adminCall(PinHistory, 'GET', `/history${params.size ? `?${params}` : ''}`);
  if (changes.length === 0) {
    const scope = [tenant, team].filter(Boolean).join(' ');
    console.log(scope ? `No pin changes for ${scope}.` : 'No pin changes yet.');
    return;
  }
  console.log(
    formatTable(
      ['WHEN', 'TENANT', 'TEAM', 'ACTION', 'FROM', 'TO', 'PERCENT', 'WHO'],
      changes.map((c) => [
        new Date(c.at).toISOString().replace('T', ' ').slice(0, 19),
        c.tenant,
        c.team,
        c.action,
        c.fromVersion ?? '-',
        c.toVersion,
        c.percent === null ? '-' : `${c.percent}%`,
        c.actor,
      ]),
    ),
  );
}

async function failures(tenant: string | undefined, days: string | undefined): Promise<void> {
  if (days !== undefined && !/^[1-9]\d*$/.test(days)) throw new UsageError('--days must be a positive whole number');
  const params = new URLSearchParams({ ...(tenant ? { tenant } : {}), ...(days ? { days } : {}) });
  const { failures: rows } = await adminCall(Failures, 'GET', `/failures${params.size ? `?${params}` : ''}`);
  if (rows.length === 0) {
    console.log(`No failures reported${tenant ? ` for ${tenant}` : ''}${days ? ` in the last ${days} days` : ''}.`);
    return;
  }
  console.log(
    formatTable(
      ['TENANT', 'REMOTE', 'VERSION', 'KIND', 'COUNT', 'LAST SEEN'],
      rows.map((f) => [
        f.tenant,
        f.remote,
        f.version,
        f.kind,
        String(f.count),
        new Date(f.lastSeen).toISOString().replace('T', ' ').slice(0, 19),
      ]),
    ),
  );
}

/**
 * The pin version a promote or rollback is sent with: what the caller sees now. The server
 * refuses the change (409) if someone else moved the pin in between.
 */
async function currentPin(tenant: string, team: string): Promise<string | null> {
  const overview = await adminCall(PinsOverview, 'GET', '/pins');
  if (tenant === DEFAULT_TENANT)
    return overview.pins.find((p) => p.tenant === tenant && p.team === team)?.version ?? null;
  return overview.effective.find((p) => p.tenant === tenant && p.team === team)?.version ?? null;
}

const when = (at: string | Date | null) => (at ? new Date(at).toISOString().replace('T', ' ').slice(0, 19) : '-');

function tokenLines(issued: IssuedToken, account: string): string {
  return (
    `Token ${issued.token.id} for ${account} (${issued.token.label}), valid until ${when(issued.token.expiresAt)}. It is shown once:\n\n  ${issued.secret}\n\n` +
    "Keep it as FORECOURT_TOKEN (or in the data folder's operator-token, owner-only)."
  );
}

async function operatorsCommand(
  sub: string | undefined,
  args: readonly string[],
  values: { role?: string | undefined; tenants?: string | undefined },
): Promise<void> {
  switch (sub) {
    case 'add': {
      const name = args.join(' ').trim();
      if (!name || !values.role)
        throw new UsageError('operators add needs <name> --role operator|tenant-manager|viewer [--tenants a,b]');
      const tenants = values.tenants
        ?.split(',')
        .map((slug) => slug.trim())
        .filter(Boolean);
      const { account } = await adminCall(AccountChange, 'POST', '/operators', {
        name,
        role: values.role,
        ...(tenants ? { tenants } : {}),
      });
      console.log(
        `Account ${account.id}: ${account.name}, ${account.role} of ${account.tenants?.join(', ') ?? 'every tenant'}. Give them a token: forecourt tokens create --account ${account.id}`,
      );
      return;
    }
    case 'list':
    case undefined: {
      const { accounts } = await adminCall(Accounts, 'GET', '/operators');
      console.log(
        formatTable(
          ['ID', 'NAME', 'ROLE', 'TENANTS', 'ACTIVE', 'CREATED', 'BY'],
          accounts.map((a) => [
            String(a.id),
            a.name,
            a.role,
            a.tenants?.join(', ') ?? '(all)',
            a.active ? 'yes' : `no, since ${when(a.deactivatedAt)}`,
            when(a.createdAt),
            a.createdBy,
          ]),
        ),
      );
      return;
    }
    case 'deactivate': {
      const [id] = args;
      if (!id || !/^\d+$/.test(id))
        throw new UsageError('operators deactivate needs the account id (forecourt operators list)');
      const { account } = await adminCall(AccountChange, 'POST', `/operators/${id}/deactivate`, {});
      console.log(`Deactivated ${account.name}: its tokens no longer work.`);
      return;
    }
    case 'me': {
      const { account, tokenId, tokens } = await adminCall(Me, 'GET', '/operators/me');
      console.log(
        `${account.name}, ${account.role} of ${account.tenants?.join(', ') ?? 'every tenant'}; this is token ${tokenId}`,
      );
      console.log(
        formatTable(
          ['TOKEN', 'LABEL', 'CREATED', 'EXPIRES', 'REVOKED', 'LAST USED'],
          tokens.map((t) => [
            String(t.id),
            t.label,
            when(t.createdAt),
            when(t.expiresAt),
            when(t.revokedAt),
            when(t.lastUsedAt),
          ]),
        ),
      );
      return;
    }
    case 'enroll': {
      const [id] = args;
      if (!id || !/^\d+$/.test(id))
        throw new UsageError('operators enroll needs the account id (forecourt operators list)');
      const issued = await adminCall(Enrollment, 'POST', `/operators/${id}/enrollment`, {});
      console.log(
        `Open this link on the device that will hold the passkey (one use, until ${when(issued.expiresAt)}):\n\n  ${issued.url}\n\nAnyone holding it can register a passkey for account ${id}: send it only to its person.`,
      );
      return;
    }
    case 'recover':
      return recoverCommand(args.join(' ').trim());
    default:
      throw new UsageError(`Unknown operators command '${sub}'`);
  }
}

/**
 * The way back in when the last operator lost their device: on the machine that reaches the
 * database, a new token for an active operator, without the admin API (which would need one).
 */
async function recoverCommand(name: string): Promise<void> {
  const [{ migrate, openDatabase }, { loadTenants }, { OperatorService }] = await Promise.all([
    databaseModule(),
    tenantsModule(),
    import('@forecourt/domain/operators/operator-service'),
  ]);
  if (!name) throw new UsageError('operators recover needs the name of an active operator');
  const settings = serverSettings();
  if (!settings.databaseUrl && (await serverListens(settings.port))) {
    throw new Error(
      `A server is running on port ${settings.port} with this data dir: stop it first (PGlite is single-process), or ask another operator for a token.`,
    );
  }
  const database = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  try {
    await migrate(database.db);
    const tenants = await loadTenants();
    const operators = new OperatorService(
      database.db,
      tenants.map((t) => t.slug),
    );
    const recovered = await operators.recover(name, `recovery on ${os.hostname()}`);
    console.log(tokenLines(jsonOf(recovered), recovered.account.name));
  } finally {
    await database.close();
  }
}

async function tokensCommand(
  sub: string | undefined,
  values: { account?: string | undefined; label?: string | undefined; days?: string | undefined },
): Promise<void> {
  if (sub !== 'create') throw new UsageError('tokens create [--account <id>] [--label <text>] [--days N]');
  if (values.account !== undefined && !/^\d+$/.test(values.account))
    throw new UsageError('--account is an account id (forecourt operators list)');
  if (values.days !== undefined && !/^[1-9]\d*$/.test(values.days))
    throw new UsageError('--days must be a positive whole number');
  const issued = await adminCall(IssuedToken, 'POST', '/tokens', {
    ...(values.account ? { account: Number(values.account) } : {}),
    ...(values.label ? { label: values.label } : {}),
    ...(values.days ? { days: Number(values.days) } : {}),
  });
  console.log(tokenLines(issued, values.account ? `account ${values.account}` : 'you'));
}

async function stockKeysCommand(
  sub: string | undefined,
  args: readonly string[],
  values: { label?: string | undefined },
): Promise<void> {
  switch (sub) {
    case 'create': {
      const tenant = args[0];
      if (!tenant) throw new UsageError('stock-keys create needs <tenant>');
      const { key, secret } = await adminCall(CreatedStockKey, 'POST', '/stock-keys', {
        tenant,
        ...(values.label ? { label: values.label } : {}),
      });
      // The key last, alone on its line: scripts take the last line.
      console.log(
        `Stock key ${key.id} for ${key.tenant} (${key.label}). It is shown only now; the dealer's system sends it as Authorization: Bearer <key>:\n${secret}`,
      );
      return;
    }
    case 'list': {
      const params = new URLSearchParams(args[0] ? { tenant: args[0] } : {});
      const { keys } = await adminCall(StockKeys, 'GET', `/stock-keys${params.size ? `?${params}` : ''}`);
      if (keys.length === 0) {
        console.log(`No stock keys${args[0] ? ` for ${args[0]}` : ''}.`);
        return;
      }
      console.log(
        formatTable(
          ['ID', 'TENANT', 'LABEL', 'CREATED', 'BY', 'REVOKED', 'LAST USED'],
          keys.map((k) => [
            String(k.id),
            k.tenant,
            k.label,
            when(k.createdAt),
            k.createdBy,
            when(k.revokedAt),
            when(k.lastUsedAt),
          ]),
        ),
      );
      return;
    }
    case 'revoke': {
      const id = args[0];
      if (!id || !/^\d+$/.test(id))
        throw new UsageError('stock-keys revoke needs a key id (forecourt stock-keys list)');
      const { key } = await adminCall(RevokedStockKey, 'POST', `/stock-keys/${id}/revoke`, {});
      console.log(`Revoked stock key ${key.id} of ${key.tenant} (${key.label}): it no longer works.`);
      return;
    }
    default:
      throw new UsageError('stock-keys create <tenant> [--label <text>] | list [tenant] | revoke <id>');
  }
}

const duration = (secondsTaken: number | null) => (secondsTaken === null ? '-' : `${secondsTaken.toFixed(1)} s`);

async function feedsCommand(
  sub: string | undefined,
  args: readonly string[],
  values: { url?: string | undefined; format?: string | undefined; every?: string | undefined },
): Promise<void> {
  switch (sub) {
    case 'list': {
      const params = new URLSearchParams(args[0] ? { tenant: args[0] } : {});
      const { feeds } = await adminCall(FeedSchedules, 'GET', `/feeds${params.size ? `?${params}` : ''}`);
      if (feeds.length === 0) {
        console.log(`No scheduled feeds${args[0] ? ` for ${args[0]}` : ''}.`);
        return;
      }
      const rows = feeds.map((f) => [
        f.tenant,
        f.source,
        f.url,
        f.format,
        `${f.interval_minutes} min`,
        when(f.last_pulled_at),
        f.last_outcome ?? '-',
        when(f.next_pull_at),
      ]);
      console.log(
        formatTable(['TENANT', 'SOURCE', 'URL', 'FORMAT', 'EVERY', 'LAST PULL', 'RESULT', 'NEXT PULL'], rows),
      );
      for (const f of feeds.filter((feed) => feed.last_outcome === 'failed' && feed.last_message))
        console.log(`${f.tenant} ${f.source}: ${f.last_message}`);
      return;
    }
    case 'set': {
      const [tenant, source] = args;
      if (!tenant || !source || !values.url) throw new UsageError('feeds set needs <tenant> <source> --url <url>');
      if (values.every !== undefined && !/^[1-9]\d*$/.test(values.every))
        throw new UsageError('--every is whole minutes');
      // The route checks the rest (the URL, the format, at least 15 minutes) and names what it refuses.
      const body = {
        url: values.url,
        format: values.format ?? 'meta-auto',
        interval_minutes: Number(values.every ?? 60),
      };
      const { feed } = await adminCall(
        FeedScheduleChange,
        'PUT',
        `/feeds/${encodeURIComponent(tenant)}/${encodeURIComponent(source)}`,
        body,
      );
      console.log(
        `Feed ${feed.source} of ${feed.tenant}: ${feed.url} every ${feed.interval_minutes} minutes, next pull ${when(feed.next_pull_at)}.`,
      );
      return;
    }
    case 'remove': {
      const [tenant, source] = args;
      if (!tenant || !source) throw new UsageError('feeds remove needs <tenant> <source>');
      const { feed } = await adminCall(
        FeedScheduleChange,
        'DELETE',
        `/feeds/${encodeURIComponent(tenant)}/${encodeURIComponent(source)}`,
      );
      console.log(`Removed feed ${feed.source} of ${feed.tenant}: no more pulls; its cars stay as they are.`);
      return;
    }
    default:
      throw new UsageError(
        'feeds list [tenant] | set <tenant> <source> --url <url> [--format meta-auto] [--every <minutes>] | remove <tenant> <source>',
      );
  }
}

async function importsCommand(
  sub: string | undefined,
  args: readonly string[],
  values: { limit?: string | undefined; reason?: string | undefined },
): Promise<void> {
  switch (sub) {
    case 'list': {
      const tenant = args[0];
      if (!tenant) throw new UsageError('imports list needs <tenant>');
      if (values.limit !== undefined && !/^[1-9]\d*$/.test(values.limit))
        throw new UsageError('--limit must be a positive whole number');
      const params = new URLSearchParams({ tenant, ...(values.limit ? { limit: values.limit } : {}) });
      const { imports } = await adminCall(StockImports, 'GET', `/imports?${params}`);
      if (imports.length === 0) {
        console.log(`No imports for ${tenant}.`);
        return;
      }
      const rows = imports.map((i) => [
        i.id,
        i.source,
        i.status,
        String(i.counts.created),
        String(i.counts.updated),
        String(i.counts.unchanged),
        String(i.counts.withdrawn),
        String(i.counts.rejected),
        String(i.error_count),
        when(i.created_at),
        when(i.finished_at),
        duration(i.duration_seconds),
      ]);
      console.log(
        formatTable(
          [
            'ID',
            'SOURCE',
            'STATUS',
            'CREATED',
            'UPDATED',
            'UNCHANGED',
            'WITHDRAWN',
            'REJECTED',
            'ERRORS',
            'QUEUED',
            'FINISHED',
            'TOOK',
          ],
          rows,
        ),
      );
      return;
    }
    case 'show': {
      const id = args[0];
      if (!id || !/^[1-9]\d*$/.test(id))
        throw new UsageError('imports show needs an import id (forecourt imports list <tenant>)');
      const found = await adminCall(StockImportDetail, 'GET', `/imports/${id}`);
      const i = found.import;
      const { created, updated, unchanged, withdrawn, rejected } = i.counts;
      console.log(
        [
          `Import ${i.id} of ${i.tenant}, source ${i.source}: ${i.status}${i.message ? ` (${i.message})` : ''}`,
          `  feed:     ${i.url ?? 'uploaded'}${i.format ? `, ${i.format}` : ''}${i.rows === null ? '' : `, ${i.rows} rows`}; by ${i.created_by}`,
          `  counts:   ${created} created, ${updated} updated, ${unchanged} unchanged, ${withdrawn} withdrawn, ${rejected} rejected`,
          `  queued ${when(i.created_at)}, started ${when(i.started_at)}, finished ${when(i.finished_at)}, took ${duration(i.duration_seconds)}`,
        ].join('\n'),
      );
      if (i.errors.length > 0)
        console.log(
          formatTable(
            ['ROW', 'VEHICLE', 'FIELD', 'MESSAGE'],
            i.errors.map((e) => [e.row === null ? '-' : String(e.row), e.vehicle_id ?? '-', e.field, e.message]),
          ),
        );
      return;
    }
    case 'apply': {
      const id = args[0];
      if (!id || !/^[1-9]\d*$/.test(id))
        throw new UsageError('imports apply needs an import id (forecourt imports list <tenant>)');
      if (!values.reason?.trim())
        throw new UsageError(
          'imports apply needs --reason <text>: why the feed is right though it was held back (it goes in the audit)',
        );
      const { import: applied } = await adminCall(StockImportDetail, 'POST', `/imports/${id}/apply`, {
        reason: values.reason,
      });
      console.log(
        `Import ${applied.id} of ${applied.tenant}, source ${applied.source}: applied anyway, now ${applied.status}. It was held back because: ${applied.message ?? 'the snapshot rules'}.`,
      );
      return;
    }
    default:
      throw new UsageError('imports list <tenant> [--limit N] | show <id> | apply <id> --reason <text>');
  }
}

function auditCell(value: unknown): string {
  if (value === null || value === undefined) return '-';
  const snapshot = value as Partial<PinSnapshot>;
  if ('pin' in snapshot || 'canary' in snapshot) {
    return [
      snapshot.pin ? `pin ${snapshot.pin.version}` : 'no pin',
      snapshot.canary ? `canary ${snapshot.canary.version} @ ${snapshot.canary.percent}%` : '',
    ]
      .filter(Boolean)
      .join(', ');
  }
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

async function auditCommand(tenant: string | undefined): Promise<void> {
  const params = new URLSearchParams(tenant ? { tenant } : {});
  const { entries } = await adminCall(Audit, 'GET', `/audit${params.size ? `?${params}` : ''}`);
  if (entries.length === 0) {
    console.log(`Nothing audited${tenant ? ` for ${tenant}` : ''} yet.`);
    return;
  }
  console.log(
    formatTable(
      ['WHEN', 'WHO', 'TOKEN', 'ACTION', 'TENANT', 'TEAM', 'OUTCOME', 'BEFORE', 'AFTER', 'REASON'],
      entries.map((e) => [
        when(e.at),
        e.accountName ?? '-',
        e.tokenId === null ? '-' : String(e.tokenId),
        e.action,
        e.tenant ?? '-',
        e.team ?? '-',
        e.outcome,
        auditCell(e.before),
        auditCell(e.after),
        e.reason ?? '-',
      ]),
    ),
  );
}

async function migrateCommand(): Promise<void> {
  const { migrate, openDatabase } = await databaseModule();
  const settings = serverSettings();
  if (!settings.databaseUrl && (await serverListens(settings.port))) {
    // Two processes on one PGlite data dir would corrupt it; the server migrated at its start.
    throw new Error(
      `A server is running on port ${settings.port} with this data dir; it applies migrations when it starts.`,
    );
  }
  const database = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  try {
    const applied = await migrate(database.db);
    console.log(applied.length ? `Applied ${applied.join(', ')}` : 'Database is up to date.');
    // Tenants are rows: each file's tenant is written once, and its row wins from then on.
    const { loadTenantFiles } = await tenantsModule();
    const { seedTenantRows } = await import('@forecourt/data/tenants');
    const files = await loadTenantFiles();
    const added = await seedTenantRows(
      database.db,
      files.map((file) => ({ slug: file.slug, config: file.raw })),
      'forecourt migrate',
    );
    console.log(
      added.length ? `Tenants written from their files: ${added.join(', ')}` : 'Every tenant file is a row already.',
    );
    // The role the servers log in as gets what they need, and nothing that could change the audit.
    const appRole = loadConfig().DATABASE_APP_ROLE;
    if (appRole) {
      if (!settings.databaseUrl)
        throw new UsageError('DATABASE_APP_ROLE is for PostgreSQL (DATABASE_URL); the embedded database has one role');
      const { grantApplicationRole } = await import('@forecourt/data/roles');
      await grantApplicationRole(database.db, appRole);
      console.log(`Granted ${appRole} reading and writing the tables (not changing the audit).`);
    }
  } finally {
    await database.close();
  }
}

async function seedCommand(values: { cars?: string; seed?: string; force?: boolean }): Promise<void> {
  const [{ migrate, openDatabase }, { loadTenants }, { seedStock }] = await Promise.all([
    databaseModule(),
    tenantsModule(),
    import('@forecourt/demo-data/seed/seed-stock'),
  ]);
  refuseInProduction('seed');
  const settings = serverSettings();
  if (!settings.databaseUrl && (await serverListens(settings.port))) {
    throw new Error(
      `A server is running on port ${settings.port} with this data dir; stop it before seeding (PGlite is single-process).`,
    );
  }
  const totalCars = values.cars === undefined ? undefined : Number(values.cars);
  if (totalCars !== undefined && (!Number.isInteger(totalCars) || totalCars < 1))
    throw new UsageError('--cars must be a positive whole number');
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isInteger(seed)) throw new UsageError('--seed must be a whole number');
  const started = Date.now();
  const tenants = await loadTenants();
  const database = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  try {
    await migrate(database.db);
    const summary = await seedStock(database, tenants, {
      totalCars,
      seed,
      force: values.force,
      log: (line) => console.log(line),
    });
    const cars = summary.seeded.reduce((sum, t) => sum + t.cars, 0);
    console.log(
      `Seeded ${summary.seeded.length} tenants, ${cars} cars in ${seconds(started)}${summary.kept.length ? ` (kept ${summary.kept.length}; use --force to replace)` : ''}.`,
    );
  } finally {
    await database.close();
  }
}

async function indexCommand(): Promise<void> {
  const { searchConnectionFromEnv } = await import('@forecourt/search-service/service/config');
  const settings = serverSettings();
  const started = Date.now();
  const external = searchConnectionFromEnv();
  if (!external) {
    // The embedded index lives in the running server: it re-indexes from its own database.
    const result = await adminCall(Reindexed, 'POST', '/reindex', {});
    console.log(`Indexed ${result.records} cars into the embedded search service in ${seconds(started)}.`);
    return;
  }
  const [{ openDatabase }, { loadTenants }, { indexStock }] = await Promise.all([
    databaseModule(),
    tenantsModule(),
    import('@forecourt/search-service/indexing/indexer'),
  ]);
  const tenants = await loadTenants();
  const database = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  try {
    const target = {
      appId: external.appId,
      adminKey: external.adminKey,
      hosts: external.hosts,
      protocol: external.protocol,
    };
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
      tenant: { type: 'string' },
      remote: { type: 'string' },
      cars: { type: 'string' },
      seed: { type: 'string' },
      force: { type: 'boolean' },
      reason: { type: 'string' },
      forced: { type: 'boolean' },
      days: { type: 'string' },
      role: { type: 'string' },
      tenants: { type: 'string' },
      account: { type: 'string' },
      label: { type: 'string' },
      url: { type: 'string' },
      format: { type: 'string' },
      every: { type: 'string' },
      limit: { type: 'string' },
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
      return publish(rest[0], values);
    case 'publishes':
      return (await import('./publish')).publishesCommand(rest[0], values.forced === true, (line) => console.log(line));
    case 'pin': {
      const [tenant, team, version] = rest;
      if (!tenant || !team || !version) throw new UsageError('pin needs <tenant> <team> <version>');
      console.log(describeChange(await adminCall(PinResult, 'POST', '/pins', { tenant, team, version })));
      return;
    }
    case 'canary': {
      const [tenant, team, version, percent] = rest;
      if (!tenant || !team || !version || !percent)
        throw new UsageError('canary needs <tenant> <team> <version> <percent>');
      console.log(
        describeCanary(
          await adminCall(CanaryResult, 'POST', '/canary', { tenant, team, version, percent: parsePercent(percent) }),
        ),
      );
      return;
    }
    case 'promote': {
      const [tenant, team] = rest;
      if (!tenant || !team) throw new UsageError('promote needs <tenant> <team>');
      console.log(
        describeChange(
          await adminCall(PinResult, 'POST', '/promote', { tenant, team, expected: await currentPin(tenant, team) }),
        ),
      );
      return;
    }
    case 'rollback': {
      const [tenant, team] = rest;
      if (!tenant || !team) throw new UsageError('rollback needs <tenant> <team> [--to <version>]');
      console.log(
        describeChange(
          await adminCall(PinResult, 'POST', '/rollback', {
            tenant,
            team,
            to: values.to,
            expected: await currentPin(tenant, team),
          }),
        ),
      );
      return;
    }
    case 'list':
      return list(rest[0]);
    case 'history':
      if (rest[0] && values.tenant && rest[0] !== values.tenant)
        throw new UsageError('history takes one tenant: either [tenant] or --tenant');
      return history(values.tenant ?? rest[0], values.remote);
    case 'failures':
      return failures(rest[0], values.days);
    case 'override': {
      const [tenant, team, entry] = rest;
      if (!tenant || !team || !entry) throw new UsageError('override needs <tenant> <team> <entry URL>');
      const result = await adminCall(OverrideLink, 'POST', '/overrides', { tenant, team, entry });
      console.log(
        `Open within 10 minutes, in the browser that should load ${team} from ${entry} (for 8 hours, or until its banner's Clear):\n${result.urls.map((url) => `  ${url}`).join('\n')}`,
      );
      return;
    }
    case 'operators':
      return operatorsCommand(rest[0], rest.slice(1), values);
    case 'tokens':
      return tokensCommand(rest[0], values);
    case 'stock-keys':
      return stockKeysCommand(rest[0], rest.slice(1), values);
    case 'feeds':
      return feedsCommand(rest[0], rest.slice(1), values);
    case 'tenants': {
      const { tenantsCommand, TenantsUsageError } = await import('./tenants');
      try {
        return await tenantsCommand(rest[0], rest.slice(1), adminCall, (line) => console.log(line));
      } catch (error) {
        if (error instanceof TenantsUsageError) throw new UsageError(error.message);
        throw error;
      }
    }
    case 'imports':
      return importsCommand(rest[0], rest.slice(1), values);
    case 'audit':
      return auditCommand(values.tenant ?? rest[0]);
    case 'migrate':
      return migrateCommand();
    case 'seed':
      return seedCommand(values);
    case 'index':
      return indexCommand();
    case 'doctor':
      return doctor();
    case 'search-service': {
      const { runSearchService } = await import('@forecourt/search-service/service/main');
      return runSearchService();
    }
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
    // PublishError by name: the registry's module is not loaded for most commands.
    const known =
      (error instanceof Error && error.name === 'PublishError') || error instanceof InvalidTenantConfigError;
    console.error(known || error instanceof Error ? `Error: ${(error as Error).message}` : error);
    process.exit(1);
  });
}
