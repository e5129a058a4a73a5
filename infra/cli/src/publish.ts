import path from 'node:path';
import {
  Me,
  PinsOverview,
  PublishRecorded,
  Publishes,
  type Publish,
  type PublishBody,
} from '@forecourt/admin-contract';
import { loadConfig } from '@forecourt/config/load';
import { REPO_ROOT } from '@forecourt/config/paths';
import { describeGate, runGate, type RunningVersion } from '@forecourt/releases/registry/gate/gate';
import { alreadyPublishedError, inspectBuild, PublishError } from '@forecourt/releases/registry/registry';
import { registryFromEnv } from '@forecourt/releases/registry/storage/settings';
import { serverSettings } from '@forecourt/config/server-settings';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { callAdmin, connectAdmin } from './admin-client';
import { formatTable } from '@forecourt/runtime/table';

export interface PublishOptions {
  team: string;
  /** The build folder as typed (relative to where the command was typed); the team's dist/ when absent. */
  from?: string | undefined;
  force?: boolean | undefined;
  reason?: string | undefined;
  log: (line: string) => void;
}

/**
 * `forecourt publish <team> [--from dir] [--force --reason "..."]`: the contract gate, then the
 * copy into the registry, then the audit record. A refused build is not copied at all. The gate
 * is checked against what tenants run (pins and canaries, through the admin API like `list`), so
 * it needs the same data folder or server as the other commands.
 */
export async function publishCommand(options: PublishOptions): Promise<void> {
  const { team, force = false, log } = options;
  const reason = options.reason?.trim() ?? '';
  const { dataDir, port } = serverSettings();
  // npm runs the CLI inside infra/, so a relative --from is taken from where the command was
  // typed (npm's INIT_CWD), which is what the person typing it means.
  const buildDir = options.from
    ? path.resolve(loadConfig().INIT_CWD ?? process.cwd(), options.from)
    : path.join(REPO_ROOT, team, 'dist');
  const registry = registryFromEnv(dataDir);
  const { info } = await inspectBuild(team, buildDir);
  // Before the gate: a version that exists is refused whatever the gate would say.
  if (await registry.isPublished(team, info.version)) throw alreadyPublishedError(team, info.version);

  const admin = await connectAdmin(dataDir, port);
  try {
    // Publishing is an operator's: ask before the build is copied, not when its record is refused.
    const { account } = await callAdmin(admin, Me, 'GET', '/operators/me');
    if (account.role !== 'operator')
      throw new PublishError(`${account.name} is a ${account.role}: only an operator publishes`);
    const overview = await callAdmin(admin, PinsOverview, 'GET', '/pins');
    const running: RunningVersion[] = [...overview.pins, ...overview.canaries].map((p) => ({
      tenant: p.tenant,
      team: p.team,
      version: p.version,
    }));
    const report = await runGate({
      repoRoot: REPO_ROOT,
      registry,
      team,
      buildDir,
      running,
      tenants: await loadTenants(),
      mount: true,
    });
    for (const line of describeGate(report)) log(line);
    if (!report.passed && !force) {
      const reasons = report.checks.flatMap((c) => c.reasons.map((r) => `  ${c.check}: ${r}`));
      throw new PublishError(
        `${team} ${info.version} was not published: the contract gate refused it\n${reasons.join('\n')}\n` +
          `Fix the build and publish again, or publish it anyway with --force --reason "<why>" (recorded in: forecourt publishes).`,
      );
    }
    const meta = await registry.publish(team, buildDir);
    const forced = !report.passed;
    const checks = report.checks.map((c) => ({
      check: c.check,
      passed: c.passed,
      reasons: c.reasons,
      ...(c.skipped ? { skipped: c.skipped } : {}),
    }));
    try {
      await callAdmin(admin, PublishRecorded, 'POST', '/publishes', {
        team,
        version: meta.version,
        forced,
        checks,
        reason: reason || null,
      } satisfies PublishBody);
    } catch (error) {
      throw new Error(
        `${team} ${meta.version} is published, but its audit record could not be written: ${(error as Error).message}`,
        { cause: error },
      );
    }
    if (forced) {
      const failed = report.checks.filter((c) => !c.passed).map((c) => c.check);
      log(
        `FORCED: published ${team} ${meta.version} past the failing check${failed.length === 1 ? '' : 's'} ${failed.join(', ')}; recorded for ${account.name} with the reason "${reason}"`,
      );
    }
    log(`Published ${team} ${meta.version} from ${buildDir}`);
    log(
      `  /registry/${team}/${meta.version}/  (no tenant changed; pin it with: npm run forecourt -- pin <tenant> ${team} ${meta.version})`,
    );
  } finally {
    await admin.close();
  }
}

/** What the gate said, in one cell: the failed checks of a forced publish, else passed (and what was skipped). */
function gateCell(record: Publish): string {
  const failed = record.checks.filter((c) => !c.passed).map((c) => c.check);
  if (record.forced) return `FORCED past ${failed.join(', ')}`;
  if (record.checks.length === 0) return 'not run';
  const skipped = record.checks.filter((c) => c.skipped).map((c) => c.check);
  return skipped.length ? `passed (${skipped.join(', ')} not run)` : 'passed';
}

/** `forecourt publishes [team] [--forced]`: the publish audit, newest first. */
export async function publishesCommand(
  team: string | undefined,
  forcedOnly: boolean,
  log: (line: string) => void,
): Promise<void> {
  const { dataDir, port } = serverSettings();
  const admin = await connectAdmin(dataDir, port);
  try {
    const params = new URLSearchParams({ ...(team ? { team } : {}), ...(forcedOnly ? { forced: 'true' } : {}) });
    const { publishes } = await callAdmin(admin, Publishes, 'GET', `/publishes${params.size ? `?${params}` : ''}`);
    if (publishes.length === 0) {
      log(`No ${forcedOnly ? 'forced ' : ''}publishes recorded${team ? ` for ${team}` : ''}.`);
      return;
    }
    log(
      formatTable(
        ['WHEN', 'TEAM', 'VERSION', 'WHO', 'GATE', 'REASON'],
        publishes.map((p) => [
          new Date(p.at).toISOString().replace('T', ' ').slice(0, 19),
          p.team,
          p.version,
          p.actor,
          gateCell(p),
          p.reason ?? '-',
        ]),
      ),
    );
    const forced = publishes.filter((p) => p.forced);
    for (const p of forced) {
      log(`\n${p.team} ${p.version} forced by ${p.actor}: ${p.reason ?? ''}`);
      for (const check of p.checks.filter((c) => !c.passed))
        for (const r of check.reasons) log(`  ${check.check}: ${r}`);
    }
  } finally {
    await admin.close();
  }
}
