import semver from 'semver';
import { toPublicTenantConfig, type TenantConfig } from '@forecourt/shared-config/tenant';
import { inspectBuild, SHELL_TEAM, REGISTRY_TEAMS, type PublishedMeta, type Registry } from '../registry';
import { checkFirstLoadBudget, firstLoadBudgetKB, measureFirstLoad } from './budget';
import { readFederationManifest, type Candidate } from './candidate';
import { checkExposedFiles, checkNeededFragments, findFragmentUses } from './exposes';
import { checkMount } from './mount';
import { checkRouteCollisions } from './routes';
import { checkSharedRanges } from './shared';
import { readTeamSettings } from './team-settings';

/**
 * The contract gate a remote build passes before it is published (docs/remotes.md, "The contract
 * gate"). Each check gives its reasons; any reason refuses the publish unless it is forced.
 * The shell is the platform's own build and takes only the registry's structural checks.
 */

export const GATE_CHECKS = ['exposes', 'fragments', 'shared', 'routes', 'budget', 'mount'] as const;
export type GateCheck = (typeof GATE_CHECKS)[number];

export interface CheckOutcome {
  check: GateCheck;
  passed: boolean;
  reasons: string[];
  notes: string[];
  /** Why the check did not run (it then passes). */
  skipped?: string;
  ms: number;
}

export interface GateReport {
  team: string;
  version: string;
  passed: boolean;
  checks: CheckOutcome[];
  /** What the page was checked against, for the message. */
  against: string;
  ms: number;
}

/** A version some tenant runs (a pin, or a canary's version). */
export interface RunningVersion {
  tenant: string;
  team: string;
  version: string;
}

export interface GateOptions {
  repoRoot: string;
  registry: Registry;
  team: string;
  buildDir: string;
  /** Pins and canaries of every tenant ('*' the platform default); empty when unknown. */
  running: readonly RunningVersion[];
  tenants: readonly TenantConfig[];
  /** Run the headless-browser mount check (the CLI does; `npm start` does not, see prepare-site.ts). */
  mount: boolean;
  mountTimeoutMs?: number;
}

async function timed(
  check: GateCheck,
  run: () => Promise<{ reasons: string[]; notes?: string[]; skipped?: string }>,
): Promise<CheckOutcome> {
  const started = Date.now();
  try {
    const { reasons, notes = [], skipped } = await run();
    return {
      check,
      passed: reasons.length === 0,
      reasons,
      notes,
      ...(skipped ? { skipped } : {}),
      ms: Date.now() - started,
    };
  } catch (error) {
    // A check that cannot run (a malformed declaration, no browser) refuses: the gate never
    // waves a build through because it could not look at it.
    return {
      check,
      passed: false,
      reasons: [`the ${check} check could not run: ${(error as Error).message}`],
      notes: [],
      ms: Date.now() - started,
    };
  }
}

/** The shell the candidate is checked against: the platform default's pin, else the newest published. */
async function currentShell(registry: Registry, running: readonly RunningVersion[]): Promise<PublishedMeta | null> {
  const pinned = running.find((r) => r.tenant === '*' && r.team === SHELL_TEAM);
  return (pinned ? await registry.meta(SHELL_TEAM, pinned.version) : null) ?? (await registry.latest(SHELL_TEAM));
}

/** Every other remote's build that some tenant runs, and each one's newest published build. */
async function otherBuilds(
  registry: Registry,
  team: string,
  running: readonly RunningVersion[],
): Promise<PublishedMeta[]> {
  const metas: PublishedMeta[] = [];
  for (const other of REGISTRY_TEAMS) {
    if (other === team || other === SHELL_TEAM) continue;
    const versions = new Set(running.filter((r) => r.team === other).map((r) => r.version));
    const newest = (await registry.listVersions(other)).at(-1);
    if (newest) versions.add(newest);
    for (const version of [...versions].sort(semver.compare)) {
      const meta = await registry.meta(other, version);
      if (meta) metas.push(meta);
    }
  }
  return metas;
}

/** The builds on the mount check's page: what the tenant runs, else the platform default, else the newest. */
async function pageBuilds(
  registry: Registry,
  tenant: TenantConfig,
  team: string,
  running: readonly RunningVersion[],
): Promise<PublishedMeta[]> {
  const metas: PublishedMeta[] = [];
  for (const other of REGISTRY_TEAMS) {
    if (other === team || other === SHELL_TEAM || !tenant.features[other]) continue;
    const version =
      running.find((r) => r.tenant === tenant.slug && r.team === other)?.version ??
      running.find((r) => r.tenant === '*' && r.team === other)?.version ??
      (await registry.listVersions(other)).at(-1);
    const meta = version ? await registry.meta(other, version) : null;
    if (meta) metas.push(meta);
  }
  return metas;
}

export async function runGate(options: GateOptions): Promise<GateReport> {
  const started = Date.now();
  const { repoRoot, registry, team, buildDir, running, tenants } = options;
  const { info } = await inspectBuild(team, buildDir);
  if (team === SHELL_TEAM)
    return { team, version: info.version, passed: true, checks: [], against: '', ms: Date.now() - started };

  const manifest = await readFederationManifest(buildDir, `${team} ${info.version}`);
  const candidate: Candidate = { team, version: info.version, dir: buildDir, info, manifest };
  const shell = await currentShell(registry, running);
  const others = await otherBuilds(registry, team, running);
  const tenant = tenants.find((t) => t.features[team as keyof TenantConfig['features']]);

  const checks: CheckOutcome[] = [];
  checks.push(await timed('exposes', async () => ({ reasons: await checkExposedFiles(candidate) })));
  checks.push(
    await timed('fragments', async () => ({
      reasons: checkNeededFragments(candidate, await findFragmentUses(repoRoot, team, info.name)),
    })),
  );
  checks.push(
    await timed('shared', async () =>
      shell ? { reasons: checkSharedRanges(candidate, shell) } : { reasons: [], skipped: 'no shell is published yet' },
    ),
  );
  checks.push(await timed('routes', async () => ({ reasons: checkRouteCollisions(candidate, others) })));
  checks.push(
    await timed('budget', async () => {
      const [measured, budget] = await Promise.all([measureFirstLoad(candidate), firstLoadBudgetKB(repoRoot, team)]);
      const reasons = checkFirstLoadBudget(candidate, measured, budget);
      return { reasons, notes: [`first load ${(measured.total / 1024).toFixed(1)} KB of ${budget.kb} KB (Brotli)`] };
    }),
  );
  checks.push(
    await timed('mount', async () => {
      if (!options.mount) return { reasons: [], skipped: 'not asked for' };
      if (!shell) return { reasons: [], skipped: 'no shell is published yet' };
      if (!tenant) return { reasons: [], skipped: `no tenant switches ${team} on` };
      const result = await checkMount({
        candidate,
        registry,
        shell,
        others: await pageBuilds(registry, tenant, team, running),
        tenant: toPublicTenantConfig(tenant),
        fragmentProps: (await readTeamSettings(repoRoot, team)).fragmentProps ?? {},
        ...(options.mountTimeoutMs ? { timeoutMs: options.mountTimeoutMs } : {}),
      });
      return {
        reasons: result.reasons,
        notes: [`mounted on ${result.route} for ${tenant.slug} with shell ${shell.version}`, ...result.notes],
      };
    }),
  );
  return {
    team,
    version: info.version,
    passed: checks.every((c) => c.passed),
    checks,
    against: shell ? `shell ${shell.version}` : 'no published shell',
    ms: Date.now() - started,
  };
}

/** The gate's report as lines for a terminal: every check, every reason. */
export function describeGate(report: GateReport): string[] {
  const lines = [
    `Contract gate for ${report.team} ${report.version} (against ${report.against}): ${report.passed ? 'passed' : 'FAILED'} in ${(report.ms / 1000).toFixed(1)} s`,
  ];
  for (const check of report.checks) {
    const status = check.skipped ? 'skip' : check.passed ? 'ok  ' : 'FAIL';
    lines.push(
      `  ${status} ${check.check.padEnd(9)}${check.skipped ? ` (${check.skipped})` : ''}${check.notes.length && check.passed ? ` ${check.notes[0]}` : ''}`,
    );
    for (const reason of check.reasons) lines.push(`       - ${reason}`);
  }
  return lines;
}

/** The failed checks, as the audit stores them. */
export function failedChecks(report: GateReport): Array<{ check: GateCheck; reasons: string[] }> {
  return report.checks.filter((c) => !c.passed).map((c) => ({ check: c.check, reasons: c.reasons }));
}
