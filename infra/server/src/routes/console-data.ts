import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  Overview,
  OverviewQuery,
  RemoteDetail,
  WindowQuery,
  type RemoteHealth,
  type VersionHealth,
  type VersionRole,
} from '@forecourt/admin-contract';
import { parseInput } from '@forecourt/shared-config/server/validation';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { canaryAlertsOf, type CanaryAlert } from '@forecourt/data/canary-alerts';
import {
  bucketRows,
  FAILURE_COUNT_KINDS,
  noFailures,
  recentFailures,
  type BucketRow,
  type FailureCounts,
} from '@forecourt/data/health-buckets';
import { effectivePins, listCanaries, listPins, type Canary, type Pin } from '@forecourt/data/pins';
import { bucketStart, earnedVersions } from '@forecourt/data/version-health';
import { canSee, may } from '@forecourt/domain/operators/permissions';
import { judgeCanary } from '@forecourt/releases/pins/canary-alerts';
import { teamsOf } from '@forecourt/releases/pins/pin-service';
import { REGISTRY_TEAMS } from '@forecourt/releases/registry/registry';
import { scoped } from '@forecourt/shared-config/server';
import { jsonOf } from '@forecourt/runtime/json';

/**
 * The operator console's view of the remotes (docs/operators.md, "Console data"): per tenant and
 * team, the pin, the canary, the earned last good, and each version's mount reports over the last
 * hour or day, from the mount report buckets (version_health_buckets). Every count is a sum of
 * those rows, so what the console shows is what the database holds.
 */

const WINDOWS = {
  /** Twelve buckets of five minutes: the buckets as stored. */
  hour: { buckets: 12, bucketSeconds: 300 },
  /** Twenty-four buckets of an hour, each the sum of its twelve stored buckets. */
  day: { buckets: 24, bucketSeconds: 3600 },
} as const;
type Window = keyof typeof WINDOWS;

const RemoteParams = z
  .object({
    tenant: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'a tenant slug: lower-case letters, digits and dashes'),
    team: z.enum(REGISTRY_TEAMS),
  })
  .strict();

type VersionBlock = z.input<typeof VersionHealth>;
type RemoteBlock = z.input<typeof RemoteHealth>;

/** The window's first bucket: the buckets end with the one now falls in. */
export function windowStart(window: Window, now: Date): Date {
  const { buckets, bucketSeconds } = WINDOWS[window];
  return new Date(bucketStart(now, bucketSeconds).getTime() - (buckets - 1) * bucketSeconds * 1000);
}

interface Standing {
  pins: Pin[];
  canaries: Canary[];
  alerts: CanaryAlert[];
}

async function consoleDataRoutes(fastify: FastifyInstance): Promise<void> {
  const db = fastify.database.db;

  const callerOf = (request: FastifyRequest) => {
    if (!request.operator) throw new Error('a console route ran without an authenticated caller');
    return request.operator;
  };

  const visibleTenants = (request: FastifyRequest): TenantConfig[] => {
    const caller = callerOf(request);
    return fastify.tenants.all.filter((tenant) => canSee(caller, tenant.slug));
  };

  async function standing(tenants: readonly TenantConfig[]): Promise<Standing> {
    const slugs = tenants.map((tenant) => tenant.slug);
    return {
      pins: await listPins(db),
      canaries: (await listCanaries(db)).filter((canary) => slugs.includes(canary.tenant)),
      alerts: await canaryAlertsOf(db, slugs),
    };
  }

  /** One remote of one tenant: its standing, and its versions' reports from `rows` (this tenant and team's). */
  async function remoteBlock(
    tenant: string,
    team: string,
    context: { standing: Standing; earned: Map<string, string[]>; rows: BucketRow[]; window: Window; since: Date },
  ): Promise<RemoteBlock> {
    const { bucketSeconds, buckets } = WINDOWS[context.window];
    const pin = effectivePins(context.standing.pins, tenant).get(team)?.version ?? null;
    const canary = context.standing.canaries.find((entry) => entry.tenant === tenant && entry.team === team) ?? null;
    const lastGood = (context.earned.get(team) ?? []).find((version) => version !== pin) ?? null;
    const alert = canary
      ? (context.standing.alerts.find(
          (entry) =>
            entry.team === team &&
            entry.tenant === tenant &&
            entry.version === canary.version &&
            entry.canaryStartedAt.getTime() === canary.startedAt.getTime(),
        ) ?? null)
      : null;
    // Flagged once its alert was raised, or now by the rule (before any report raised it).
    const flagged = canary
      ? alert !== null || (await judgeCanary(db, canary, pin, fastify.canaryAlerts.rule)).flagged
      : false;

    const byVersion = new Map<string, VersionBlock>();
    const blockOf = (version: string, role: VersionRole): VersionBlock => {
      let block = byVersion.get(version);
      if (!block) {
        block = {
          version,
          role,
          clean: 0,
          failures: noFailures(),
          buckets: Array.from({ length: buckets }, (_unused, i) => ({
            at: new Date(context.since.getTime() + i * bucketSeconds * 1000).toISOString(),
            clean: 0,
            failures: 0,
          })),
        };
        byVersion.set(version, block);
      }
      return block;
    };
    if (pin) blockOf(pin, 'pin');
    if (canary) blockOf(canary.version, 'canary');
    if (lastGood) blockOf(lastGood, 'last-good');
    for (const row of context.rows) {
      const block = blockOf(row.version, 'other');
      const slot =
        block.buckets[Math.floor((row.bucketStart.getTime() - context.since.getTime()) / (bucketSeconds * 1000))];
      if (row.kind === 'clean') {
        block.clean += row.count;
        if (slot) slot.clean += row.count;
      } else {
        block.failures[
          (FAILURE_COUNT_KINDS as readonly string[]).includes(row.kind) ? (row.kind as keyof FailureCounts) : 'other'
        ] += row.count;
        if (slot) slot.failures += row.count;
      }
    }
    const total = (block: VersionBlock) =>
      block.clean + Object.values(block.failures).reduce((sum, count) => sum + count, 0);
    const order: Record<VersionRole, number> = { pin: 0, canary: 1, 'last-good': 2, other: 3 };
    const versions = [...byVersion.values()].sort(
      (a, b) => order[a.role] - order[b.role] || total(b) - total(a) || b.version.localeCompare(a.version),
    );
    return {
      team,
      pin,
      canary: canary
        ? {
            version: canary.version,
            share: canary.percent,
            startedAt: canary.startedAt.toISOString(),
            alert: alert
              ? { flaggedAt: alert.flaggedAt.toISOString(), sentAt: alert.sentAt?.toISOString() ?? null }
              : null,
          }
        : null,
      lastGood,
      flagged,
      versions,
    };
  }

  async function tenantBlocks(tenants: readonly TenantConfig[], window: Window, now: Date, team?: string) {
    const since = windowStart(window, now);
    const [state, rows] = [
      await standing(tenants),
      await bucketRows(db, { tenants: tenants.map((tenant) => tenant.slug), since, ...(team ? { team } : {}) }),
    ];
    return {
      since,
      tenants: await Promise.all(
        tenants.map(async (tenant) => {
          const earned = await earnedVersions(db, tenant.slug);
          const teams = team ? [team] : teamsOf(tenant);
          const remotes: RemoteBlock[] = [];
          for (const name of teams) {
            remotes.push(
              await remoteBlock(tenant.slug, name, {
                standing: state,
                earned,
                rows: rows.filter((row) => row.tenant === tenant.slug && row.team === name),
                window,
                since,
              }),
            );
          }
          return { tenant: tenant.slug, name: tenant.name, remotes };
        }),
      ),
    };
  }

  // Every tenant the caller may read, each remote it runs, the window's reports per version.
  fastify.get('/overview', { config: { permission: { action: 'read', on: 'list' } } }, async (request, reply) => {
    const query = parseInput(OverviewQuery, request.query, 'query');
    const window = query.window ?? 'hour';
    const now = new Date();
    const shown = visibleTenants(request).filter((tenant) => !query.tenant || tenant.slug === query.tenant);
    const { since, tenants } = await tenantBlocks(shown, window, now);
    reply.header('cache-control', 'no-store');
    return {
      window,
      generatedAt: now.toISOString(),
      since: since.toISOString(),
      bucketSeconds: WINDOWS[window].bucketSeconds,
      tenants,
    } satisfies z.input<typeof Overview>;
  });

  // One remote of one tenant: the overview's block, its pin history and its latest failures.
  fastify.get(
    '/tenants/:tenant/remotes/:team',
    { config: { permission: { action: 'read', on: 'tenant' } } },
    async (request, reply) => {
      const params = parseInput(RemoteParams, request.params, 'params');
      const query = parseInput(WindowQuery, request.query, 'query');
      // The tenant is in the path, which the route's declared permission does not read: checked here.
      const caller = callerOf(request);
      const decision = may(caller, 'read', params.tenant);
      if (!decision.allowed)
        return fastify.refuseAdmin(request, reply, `${caller.name} (${caller.role}): ${decision.reason}`);
      const tenant = fastify.tenants.get(params.tenant);
      if (!tenant) return reply.code(404).send({ error: `Unknown tenant '${params.tenant}'`, field: 'tenant' });
      if (!teamsOf(tenant).includes(params.team))
        return reply.code(404).send({ error: `${params.team} is switched off for ${params.tenant}`, field: 'team' });
      const window = query.window ?? 'hour';
      const now = new Date();
      const { since, tenants } = await tenantBlocks([tenant], window, now, params.team);
      const remote = tenants[0]!.remotes[0]!;
      reply.header('cache-control', 'no-store');
      return {
        window,
        generatedAt: now.toISOString(),
        since: since.toISOString(),
        bucketSeconds: WINDOWS[window].bucketSeconds,
        tenant: tenant.slug,
        name: tenant.name,
        ...remote,
        history: jsonOf(await fastify.pins.history({ tenant: tenant.slug, team: params.team, limit: 100 })),
        recentFailures: jsonOf(await recentFailures(db, tenant.slug, params.team, 50)),
      } satisfies z.input<typeof RemoteDetail>;
    },
  );
}

export default scoped('routes-console-data', consoleDataRoutes);
