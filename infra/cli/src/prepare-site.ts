import fs from 'node:fs/promises';
import path from 'node:path';
import semver from 'semver';
import { REMOTE_TEAMS } from '@forecourt/shared-config/teams';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { migrate, type Database } from '@forecourt/data/database';
import { DEFAULT_TENANT, listCanaries, listPins } from '@forecourt/data/pins';
import { recordPublish } from '@forecourt/data/publishes';
import { DEMO_OPERATOR, ensureDemoOperator, operatorTokenFile } from '@forecourt/domain/operators/demo-operator';
import { OperatorService } from '@forecourt/domain/operators/operator-service';
import { PinService } from '@forecourt/releases/pins/pin-service';
import { runGate } from '@forecourt/releases/registry/gate/gate';
import { inspectBuild, PublishError, SHELL_TEAM, type Registry } from '@forecourt/releases/registry/registry';
import { registryFromEnv } from '@forecourt/releases/registry/storage/settings';
import { seedStock } from '@forecourt/demo-data/seed/seed-stock';
import { buildMissing, demoBuildTargets, type Log, timedStep } from '@forecourt/releases/builds/builds';
import { packageVersion, stampCommand } from '@forecourt/releases/builds/release';
import type { StaleBuild } from '@forecourt/releases/builds/stale-builds';

/** The demo of per-tenant pins: this tenant runs an earlier mf-search than the others. */
export const DEMO_EARLIER_PIN = { tenant: 'redgum-used-cars', team: 'mf-search', version: '1.0.0' } as const;

const START_ACTOR = 'npm-start';

function sameIntegrity(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** What publishing at start-up needs for the contract gate and its audit. */
export interface StartGate {
  database: Database;
  tenants: readonly TenantConfig[];
}

/** What publishing at start-up did: the builds it published, and the builds it could not. */
export interface PublishOutcome {
  published: string[];
  stale: StaleBuild[];
}

/**
 * Publishes every local build whose version is not in the registry yet. A build whose version is
 * published with different bytes is not published (versions are immutable): it is reported so
 * the team bumps its version, and the published build keeps being served.
 *
 * With `gate`, each new build first passes the contract gate's static checks (exposes, fragments
 * other teams use, shared ranges, routes, first-load budget) and is recorded in the publish audit
 * as 'npm-start'; a build the gate refuses is not published and its reasons are printed. The
 * headless mount check is left to `forecourt publish`: these are the repository's own builds of
 * one commit, start-up must stay fast (a browser would add seconds per build, about 20 s on a
 * fresh data folder) and must not need Chromium, and a build that is already published (the
 * usual start) never reaches the gate at all.
 */
export async function publishBuilt(
  repoRoot: string,
  registry: Registry,
  log: Log,
  gate?: StartGate,
): Promise<PublishOutcome> {
  const published: string[] = [];
  const stale: StaleBuild[] = [];
  const running = gate
    ? [...(await listPins(gate.database.db)), ...(await listCanaries(gate.database.db))].map((p) => ({
        tenant: p.tenant,
        team: p.team,
        version: p.version,
      }))
    : [];
  for (const target of demoBuildTargets(repoRoot)) {
    const buildInfo = path.join(target.outDir, 'forecourt-build.json');
    if (
      !(await fs.stat(buildInfo).then(
        () => true,
        () => false,
      ))
    )
      continue;
    try {
      const { info, integrity } = await inspectBuild(target.team, target.outDir);
      const existing = await registry.meta(target.team, info.version);
      if (existing) {
        if (!sameIntegrity(existing.integrity, integrity)) {
          log(
            `  WARNING ${target.team} ${info.version}: the build in ${path.relative(repoRoot, target.outDir)} differs from the published ` +
              `${info.version}, which stays in use. Versions are immutable — bump the version in ${target.team}/package.json (${stampCommand(target.team)}) to publish it.`,
          );
          // The demo's earlier mf-search is built from today's source under an old version on
          // purpose: that it differs from what was published is the demo, not a stale build.
          if (!target.versionOverride) stale.push({ kind: 'differs', team: target.team, version: info.version });
        }
        continue;
      }
      if (gate) {
        const report = await runGate({
          repoRoot,
          registry,
          team: target.team,
          buildDir: target.outDir,
          running,
          tenants: gate.tenants,
          mount: false,
        });
        const failed = report.checks.filter((c) => !c.passed);
        if (failed.length) {
          log(`  NOT PUBLISHED ${target.team} ${info.version}: the contract gate refused it`);
          for (const check of failed) for (const reason of check.reasons) log(`    ${check.check}: ${reason}`);
          stale.push({
            kind: 'not-published',
            team: target.team,
            version: info.version,
            reason: 'the contract gate refused it',
          });
          continue;
        }
        await registry.publish(target.team, target.outDir);
        const checks = report.checks.map((c) => ({
          check: c.check,
          passed: c.passed,
          reasons: c.reasons,
          ...(c.skipped ? { skipped: c.skipped } : {}),
        }));
        await recordPublish(gate.database.db, {
          team: target.team,
          version: info.version,
          actor: START_ACTOR,
          forced: false,
          checks,
        });
      } else {
        await registry.publish(target.team, target.outDir);
      }
      log(`  published ${target.team} ${info.version}`);
      published.push(`${target.team}@${info.version}`);
    } catch (error) {
      if (!(error instanceof PublishError)) throw error;
      log(`  NOT PUBLISHED ${target.team}: ${error.message}`);
      if (!target.versionOverride)
        stale.push({
          kind: 'not-published',
          team: target.team,
          version: await packageVersion(repoRoot, target.team),
          reason: error.message,
        });
    }
  }
  return { published, stale };
}

/**
 * Gives every tenant a pin for each remote it switches on (its package version; the demo tenant
 * of DEMO_EARLIER_PIN gets the earlier mf-search) and the platform a default shell pin. Pins that
 * exist are left alone: start-up never undoes a pin or rollback someone made.
 */
export async function ensureDemoPins(
  repoRoot: string,
  pins: PinService,
  registry: Registry,
  database: Database,
  tenants: readonly TenantConfig[],
  log: Log,
): Promise<number> {
  const existing = new Set((await listPins(database.db)).map((p) => `${p.tenant} ${p.team}`));
  let made = 0;
  const unpublished = new Set<string>();
  const pinIfMissing = async (tenant: string, team: string, version: string) => {
    if (existing.has(`${tenant} ${team}`)) return;
    if (!(await registry.isPublished(team, version))) {
      unpublished.add(`${team} ${version}`);
      return;
    }
    await pins.pin({ tenant, team, version, actor: START_ACTOR });
    log(`  pinned ${tenant} ${team} ${version}`);
    made += 1;
  };

  await pinIfMissing(DEFAULT_TENANT, SHELL_TEAM, await packageVersion(repoRoot, SHELL_TEAM));
  // The platform default of every remote too: a tenant created while the platform runs (in the
  // console, or with `forecourt tenants create`) has no pins of its own and serves these.
  for (const team of REMOTE_TEAMS) await pinIfMissing(DEFAULT_TENANT, team, await packageVersion(repoRoot, team));
  for (const tenant of tenants) {
    for (const team of REMOTE_TEAMS) {
      if (!tenant.features[team]) continue;
      const demoEarlier = tenant.slug === DEMO_EARLIER_PIN.tenant && team === DEMO_EARLIER_PIN.team;
      await pinIfMissing(
        tenant.slug,
        team,
        demoEarlier ? DEMO_EARLIER_PIN.version : await packageVersion(repoRoot, team),
      );
    }
  }
  if (unpublished.size) {
    log(`  not pinned, not published yet: ${[...unpublished].join(', ')} (their pages answer 404 until they are)`);
  }
  if (made === 0 && unpublished.size === 0) log('  every tenant already has its pins');
  return made;
}

/**
 * Pins on an older version than the checkout's, per team, when the checkout's is published (else
 * there is nothing to pin yet, and the publish or build failure says why). Start-up leaves
 * existing pins alone, so after a pull that bumped a team, tenants keep the version they had
 * until someone pins the new one: said at the end of the start, with the commands. The demo
 * tenant's earlier mf-search is the demo, not a stale pin.
 */
export async function olderPins(repoRoot: string, registry: Registry, database: Database): Promise<StaleBuild[]> {
  const pins = await listPins(database.db);
  const stale: StaleBuild[] = [];
  for (const team of [SHELL_TEAM, ...REMOTE_TEAMS]) {
    const version = await packageVersion(repoRoot, team);
    if (!semver.valid(version) || !(await registry.isPublished(team, version))) continue;
    const tenants = pins
      .filter((p) => p.team === team && semver.valid(p.version) && semver.lt(p.version, version))
      .filter(
        (p) =>
          !(
            p.tenant === DEMO_EARLIER_PIN.tenant &&
            team === DEMO_EARLIER_PIN.team &&
            p.version === DEMO_EARLIER_PIN.version
          ),
      )
      .map((p) => ({ tenant: p.tenant, version: p.version }));
    if (tenants.length) stale.push({ kind: 'pinned-older', team, version, tenants });
  }
  return stale;
}

export interface PrepareSiteOptions {
  repoRoot: string;
  dataDir: string;
  database: Database;
  tenants: readonly TenantConfig[];
  log: Log;
  /** Run webpack for missing/stale builds (default true; tests and e2e with ready builds can skip it). */
  build?: boolean;
}

/**
 * Everything `npm start` does before listening: build what is missing, migrate, seed demo stock
 * (once per tenant), publish, pin, and the demo operator whose token the CLI uses.
 * Each step is timed; nothing here needs the server to be running. Returns every way the site
 * will serve something older than the checkout, for the start to say last (staleBuildNotice).
 */
export async function prepareSite(options: PrepareSiteOptions): Promise<StaleBuild[]> {
  const { repoRoot, dataDir, database, tenants, log } = options;
  const step = timedStep(log);
  const registry = registryFromEnv(dataDir);
  const stale: StaleBuild[] = [];
  if (options.build !== false) {
    const outcomes = await step('Build', () => buildMissing(repoRoot, log));
    for (const { target, status } of outcomes) {
      if (status === 'failed' && !target.versionOverride) stale.push({ kind: 'build-failed', team: target.team });
    }
  }
  await step('Migrate', async () => {
    const applied = await migrate(database.db);
    if (applied.length) log(`  applied ${applied.join(', ')}`);
  });
  await step('Seed', () => seedStock(database, tenants, { log }));
  const { stale: unpublished } = await step('Publish', () =>
    publishBuilt(repoRoot, registry, log, { database, tenants }),
  );
  await step('Pin', () =>
    ensureDemoPins(repoRoot, new PinService(database.db, registry, tenants), registry, database, tenants, log),
  );
  await step('Operator', async () => {
    const operators = new OperatorService(
      database.db,
      tenants.map((tenant) => tenant.slug),
    );
    const token = await ensureDemoOperator(operators, dataDir);
    log(
      token
        ? `  the CLI's personal token is in ${operatorTokenFile(dataDir)}`
        : `  '${DEMO_OPERATOR}' is gone: the CLI needs FORECOURT_TOKEN (docs/operators.md)`,
    );
  });
  return [...stale, ...unpublished, ...(await olderPins(repoRoot, registry, database))];
}
