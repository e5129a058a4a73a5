import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  Empty,
  TenantNames,
  TenantTable,
  TenantTableQuery,
  type HealthWindow,
  type TenantTableRemote,
  type TenantTableRow,
} from '@forecourt/admin-contract';
import { parseInput } from '@forecourt/shared-config/server/validation';
import { scoped } from '@forecourt/shared-config/server';
import { canaryAlertsOf } from '@forecourt/data/canary-alerts';
import { healthTotals, type HealthTotal } from '@forecourt/data/health-buckets';
import { effectivePins, listCanaries, listPins } from '@forecourt/data/pins';
import { BUCKET_SECONDS, bucketStart, earnedVersionsOfAll } from '@forecourt/data/version-health';
import { canSee } from '@forecourt/domain/operators/permissions';
import { teamsOf } from '@forecourt/releases/pins/pin-service';
import { windowStart } from './console-data';

/**
 * The fleet's table (the console's Tenants page): every tenant's remotes with what shoppers get
 * and how they mounted over the window, searched, filtered, sorted and paged here, so the page
 * receives one page of rows whatever the fleet's size.
 *
 * The rows of every tenant are built from five reads (pins, canaries, alerts, earned versions, the
 * window's totals summed in the database) and kept for a few seconds per window, shared by every
 * caller; each caller's page is then cut from them by what it may see. A day's totals at 500
 * tenants are 864,000 bucket rows, summed in about 200 ms: too slow for every console's poll. But
 * only the latest buckets still count reports (a report is counted in the bucket of its arrival),
 * so the window's closed buckets are summed once per five-minute bucket and kept, and each read
 * sums only the last two buckets' rows, a few thousand.
 */

/** How long the fleet's rows are reused: the buckets they sum are five minutes wide. */
const FLEET_TTL_MS = 5_000;

interface Fleet {
  readAt: Date;
  since: Date;
  rows: TenantTableRow[];
}

function attentionOf(remotes: readonly TenantTableRemote[]): string | null {
  const flagged = remotes.filter((remote) => remote.flagged);
  if (flagged.length)
    return flagged
      .map((remote) => `${remote.team} canary ${remote.canary?.version ?? ''} fails more often than the pin`)
      .join('; ');
  const failures = remotes.reduce((sum, remote) => sum + remote.failures, 0);
  return failures > 0 ? `${failures} ${failures === 1 ? 'failure' : 'failures'}` : null;
}

async function tenantTableRoutes(fastify: FastifyInstance): Promise<void> {
  const db = fastify.database.db;
  const fleets = new Map<HealthWindow, { expires: number; fleet: Promise<Fleet> }>();
  const closedSums = new Map<HealthWindow, { since: number; until: number; totals: Promise<HealthTotal[]> }>();

  /** The window's totals: its closed buckets' (kept until the open bucket closes) and the open one's (read now). */
  const windowTotals = async (window: HealthWindow, since: Date, now: Date): Promise<HealthTotal[]> => {
    // The bucket before now's stays open too: a report under way as its bucket closed, or counted
    // by an instance whose clock runs a little behind, still lands in it.
    const open = new Date(bucketStart(now).getTime() - BUCKET_SECONDS * 1000);
    let closed = closedSums.get(window);
    if (!closed || closed.since !== since.getTime() || closed.until !== open.getTime()) {
      const totals = healthTotals(db, since, open);
      closed = { since: since.getTime(), until: open.getTime(), totals };
      closedSums.set(window, closed);
      totals.catch(() => closedSums.get(window)?.totals === totals && closedSums.delete(window));
    }
    const [before, current] = await Promise.all([closed.totals, healthTotals(db, open)]);
    return [...before, ...current];
  };

  const readFleet = async (window: HealthWindow): Promise<Fleet> => {
    const readAt = new Date();
    const since = windowStart(window, readAt);
    const tenants = fastify.tenants.all;
    const [pins, canaries, alerts, earned, totals] = await Promise.all([
      listPins(db),
      listCanaries(db),
      canaryAlertsOf(
        db,
        tenants.map((tenant) => tenant.slug),
      ),
      earnedVersionsOfAll(db),
      windowTotals(window, since, readAt),
    ]);
    const key = (tenant: string, team: string) => `${tenant}\u0000${team}`;
    const sums = new Map<string, { clean: number; failures: number }>();
    for (const total of totals) {
      const sum = sums.get(key(total.tenant, total.team)) ?? { clean: 0, failures: 0 };
      sum.clean += total.clean;
      sum.failures += total.failures;
      sums.set(key(total.tenant, total.team), sum);
    }
    const canaryOf = new Map(canaries.map((canary) => [key(canary.tenant, canary.team), canary]));
    const rows = tenants.map((tenant): TenantTableRow => {
      const effective = effectivePins(pins, tenant.slug);
      const remotes = teamsOf(tenant).map((team): TenantTableRemote => {
        const pin = effective.get(team)?.version ?? null;
        const canary = canaryOf.get(key(tenant.slug, team)) ?? null;
        const sum = sums.get(key(tenant.slug, team)) ?? { clean: 0, failures: 0 };
        const flagged = canary
          ? alerts.some(
              (alert) =>
                alert.tenant === tenant.slug &&
                alert.team === team &&
                alert.version === canary.version &&
                alert.canaryStartedAt.getTime() === canary.startedAt.getTime(),
            )
          : false;
        return {
          team,
          pin,
          canary: canary ? { version: canary.version, share: canary.percent } : null,
          lastGood: (earned.get(tenant.slug)?.get(team) ?? []).find((version) => version !== pin) ?? null,
          clean: sum.clean,
          failures: sum.failures,
          flagged,
        };
      });
      return { tenant: tenant.slug, name: tenant.name, attention: attentionOf(remotes), remotes };
    });
    return { readAt, since, rows };
  };

  /** The window's rows, read at most once per FLEET_TTL_MS however many callers ask at once. */
  const fleetOf = (window: HealthWindow): Promise<Fleet> => {
    const cached = fleets.get(window);
    if (cached && cached.expires > Date.now()) return cached.fleet;
    const fleet = readFleet(window);
    fleets.set(window, { expires: Date.now() + FLEET_TTL_MS, fleet });
    fleet.catch(() => fleets.get(window)?.fleet === fleet && fleets.delete(window));
    return fleet;
  };
  // A tenant created or renamed shows in the next answer, not after the rows expire.
  fastify.tenantSync.onChange(() => fleets.clear());

  const callerOf = (request: FastifyRequest) => {
    if (!request.operator) throw new Error('a console route ran without an authenticated caller');
    return request.operator;
  };

  // The names alone, for a picker or a filter: the fleet's table would cost its reads for nothing.
  fastify.get('/tenant-names', { config: { permission: { action: 'read', on: 'list' } } }, async (request, reply) => {
    parseInput(Empty, request.query, 'query');
    const caller = callerOf(request);
    reply.header('cache-control', 'no-store');
    return {
      tenants: fastify.tenants.all
        .filter((tenant) => canSee(caller, tenant.slug))
        .map((tenant) => ({ tenant: tenant.slug, name: tenant.name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    } satisfies z.input<typeof TenantNames>;
  });

  fastify.get('/tenant-table', { config: { permission: { action: 'read', on: 'list' } } }, async (request, reply) => {
    const query = parseInput(TenantTableQuery, request.query, 'query');
    const caller = callerOf(request);
    const window = query.window ?? 'hour';
    const fleet = await fleetOf(window);
    const visible = fleet.rows.filter((row) => canSee(caller, row.tenant));

    const versions = new Map<string, { team: string; version: string; tenants: number }>();
    for (const row of visible)
      for (const remote of row.remotes)
        for (const version of new Set(
          [remote.pin, remote.canary?.version].filter((v): v is string => typeof v === 'string'),
        )) {
          const entry = versions.get(`${remote.team} ${version}`) ?? { team: remote.team, version, tenants: 0 };
          entry.tenants += 1;
          versions.set(`${remote.team} ${version}`, entry);
        }

    const words = (query.q ?? '').toLowerCase();
    const matching = visible.filter(
      (row) =>
        (!words || row.name.toLowerCase().includes(words) || row.tenant.includes(words)) &&
        (query.attention !== 'true' || row.attention !== null) &&
        (query.team === undefined ||
          row.remotes.some(
            (remote) =>
              remote.team === query.team && (remote.pin === query.version || remote.canary?.version === query.version),
          )),
    );
    const total = (row: TenantTableRow, of: 'clean' | 'failures') =>
      row.remotes.reduce((sum, remote) => sum + remote[of], 0);
    const sort = query.sort ?? 'tenant';
    const direction = (query.dir ?? (sort === 'tenant' ? 'asc' : 'desc')) === 'asc' ? 1 : -1;
    const byName = (a: TenantTableRow, b: TenantTableRow) =>
      a.name.localeCompare(b.name) || a.tenant.localeCompare(b.tenant);
    matching.sort((a, b) => {
      if (sort === 'failures') return direction * (total(a, 'failures') - total(b, 'failures')) || byName(a, b);
      if (sort === 'mounts') return direction * (total(a, 'clean') - total(b, 'clean')) || byName(a, b);
      return direction * byName(a, b);
    });
    const pageSize = query.pageSize ?? 25;
    const pages = Math.max(1, Math.ceil(matching.length / pageSize));
    const page = Math.min(query.page ?? 1, pages);
    reply.header('cache-control', 'no-store');
    return {
      window,
      since: fleet.since.toISOString(),
      readAt: fleet.readAt.toISOString(),
      total: matching.length,
      page,
      pageSize,
      versions: [...versions.values()].sort(
        (a, b) => a.team.localeCompare(b.team) || b.version.localeCompare(a.version, 'en', { numeric: true }),
      ),
      rows: matching.slice((page - 1) * pageSize, page * pageSize),
    } satisfies z.input<typeof TenantTable>;
  });
}

export default scoped('routes-tenant-table', tenantTableRoutes);
