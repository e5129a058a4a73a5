import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ApplyAnywayBody,
  FeedScheduleChange,
  FeedSchedules,
  FeedsQuery,
  ImportFormat,
  ImportRowError,
  ImportState,
  ScheduleBody,
  StockImportDetail,
  StockImports,
  TenantListQuery,
  TenantPhotos,
} from '@forecourt/admin-contract';
import { parseInput } from '@forecourt/shared-config/server/validation';
import { scoped } from '@forecourt/shared-config/server';
import { photoReport } from '@forecourt/stock-in/car-photos';
import { listSchedules, removeSchedule } from '@forecourt/stock-in/feed-schedules';
import { applyAnyway, findImportById, listImports, type ApplyAnywayOutcome } from '@forecourt/stock-in/stock-imports';
import { ImportParams, ScheduleParams } from '@forecourt/stock-in/feeds/import-schema';
import { auditedSchedule, scheduleOf, setSchedule } from '@forecourt/stock-in/schedule-changes';
import { may } from '@forecourt/domain/operators/permissions';

const TenantScheduleParams = ScheduleParams.extend({ tenant: z.string().min(1).max(100) }).strict();

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

interface ImportRow {
  id: string;
  tenant: string;
  source: string;
  format: string | null;
  url: string | null;
  status: string;
  message: string | null;
  rows: number | null;
  counts: Record<string, number> | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  applied_anyway_at: Date | string | null;
  applied_anyway_by: string | null;
  applied_anyway_reason: string | null;
}

/**
 * An import as both routes answer it: its times, and how long it ran once it has finished. Its
 * status and format are read with the contract's own lists: a row in a state the contract does
 * not name (one still receiving its feed is never listed) is a fault here, not an answer.
 */
function importOf(row: ImportRow, errorCount: number): z.input<typeof StockImports>['imports'][number] {
  const started = row.started_at === null ? null : new Date(row.started_at);
  const finished = row.finished_at === null ? null : new Date(row.finished_at);
  return {
    id: String(row.id),
    tenant: row.tenant,
    source: row.source,
    format: row.format === null ? null : ImportFormat.parse(row.format),
    url: row.url,
    status: ImportState.parse(row.status),
    message: row.message,
    rows: row.rows,
    counts: { created: 0, updated: 0, unchanged: 0, withdrawn: 0, rejected: 0, ...row.counts },
    error_count: errorCount,
    created_at: iso(row.created_at),
    started_at: isoOrNull(started),
    finished_at: isoOrNull(finished),
    duration_seconds: started && finished ? Math.max(0, (finished.getTime() - started.getTime()) / 1000) : null,
    // The three are written together (infra/stock-in/src/stock-imports.ts, applyAnyway).
    applied_anyway:
      row.applied_anyway_at === null
        ? null
        : { at: iso(row.applied_anyway_at), by: row.applied_anyway_by ?? '', reason: row.applied_anyway_reason ?? '' },
  };
}

/** One import with its rejected rows and who sent it: `GET /imports/:id`, and the answer of an apply. */
function detailOf(
  row: ImportRow & { errors: unknown[] | null; created_by: string },
): z.input<typeof StockImportDetail> {
  // Written by the import runner as the contract's rows; read back with it, as it is JSON in the database.
  const errors = z.array(ImportRowError).parse(row.errors ?? []);
  return { import: { ...importOf(row, errors.length), errors, created_by: row.created_by } };
}

/** Why an import was not queued to apply anyway, as the 404 or 409 that says it. */
function refusalOf(
  id: string,
  outcome: Exclude<ApplyAnywayOutcome, { applied: true }>,
): { status: 404 | 409; body: { error: string; field?: string; current?: string } } {
  switch (outcome.reason) {
    case 'not-found':
      return { status: 404, body: { error: `id: no import ${id}`, field: 'id' } };
    case 'status':
      return {
        status: 409,
        body: {
          error: `Import ${id} is ${outcome.status}, not quarantined: only a quarantined import is applied anyway`,
          current: outcome.status,
        },
      };
    case 'superseded':
      return {
        status: 409,
        body: {
          error: `Import ${id} is no longer its source's latest feed: import ${outcome.by} came after it (${outcome.status}), and applying the older feed would undo it`,
          current: 'quarantined',
        },
      };
    case 'no-feed':
      return {
        status: 409,
        body: { error: `Import ${id}'s feed is no longer kept: send the feed again`, current: 'quarantined' },
      };
  }
}

/**
 * A tenant's scheduled feeds, its imports and its photos' fetches, under the admin routes' hooks
 * (the CLI's `feeds` and `imports`, the console's Stock page): who may see and change them is who may manage the tenant's stock keys (operators
 * for every tenant, a tenant manager for its own, a viewer none). A schedule is checked, capped
 * and answered as the Stock API's feeds route does it (@forecourt/stock-in/schedule-changes); each change is
 * audited, action `feeds`, under the caller's name; so is a quarantined import applied anyway.
 */
async function feedsAdminRoutes(fastify: FastifyInstance): Promise<void> {
  const db = fastify.database.db;
  const callerOf = (request: FastifyRequest) => {
    if (!request.operator) throw new Error('an admin route ran without an authenticated caller');
    return request.operator;
  };
  const unknownTenant = (tenant: string) => ({ error: `tenant: no tenant '${tenant}'`, field: 'tenant' });

  fastify.get('/feeds', { config: { permission: { action: 'feeds', on: 'list' } } }, async (request, reply) => {
    const query = parseInput(FeedsQuery, request.query, 'query');
    const caller = callerOf(request);
    const tenants = fastify.tenants.all
      .map((tenant) => tenant.slug)
      .filter((slug) => (query.tenant === undefined || slug === query.tenant) && may(caller, 'feeds', slug).allowed);
    const feeds = (await listSchedules(db, tenants)).map((schedule) => ({
      tenant: schedule.tenant,
      ...scheduleOf(schedule),
    }));
    return reply.header('cache-control', 'no-store').send({ feeds } satisfies z.input<typeof FeedSchedules>);
  });

  fastify.put(
    '/feeds/:tenant/:source',
    { config: { permission: { action: 'feeds', on: 'tenant' } } },
    async (request, reply) => {
      const { tenant, source } = parseInput(TenantScheduleParams, request.params, 'params');
      const body = parseInput(ScheduleBody, request.body ?? null, 'body');
      if (!fastify.tenants.get(tenant)) return reply.code(404).send(unknownTenant(tenant));
      const caller = callerOf(request);
      const changed = await setSchedule(
        db,
        { tenant, source, body, updatedBy: caller.name, perSite: fastify.config.FORECOURT_FEEDS_PER_SITE },
        new Date(),
      );
      if (changed.status === 409) return reply.code(409).send(changed.body);
      await fastify.auditAdmin(request, {
        action: 'feeds',
        tenant,
        outcome: 'allowed',
        before: auditedSchedule(changed.before),
        after: auditedSchedule(changed.after),
      });
      return reply
        .code(changed.status)
        .header('cache-control', 'no-store')
        .send({ feed: { tenant, ...scheduleOf(changed.after) } } satisfies z.input<typeof FeedScheduleChange>);
    },
  );

  fastify.delete(
    '/feeds/:tenant/:source',
    { config: { permission: { action: 'feeds', on: 'tenant' } } },
    async (request, reply) => {
      const { tenant, source } = parseInput(TenantScheduleParams, request.params, 'params');
      if (!fastify.tenants.get(tenant)) return reply.code(404).send(unknownTenant(tenant));
      const removed = await removeSchedule(db, tenant, source);
      if (!removed)
        return reply.code(404).send({ error: `source: no scheduled feed '${source}' on ${tenant}`, field: 'source' });
      await fastify.auditAdmin(request, {
        action: 'feeds',
        tenant,
        outcome: 'allowed',
        before: auditedSchedule(removed),
        after: null,
      });
      return reply
        .header('cache-control', 'no-store')
        .send({ feed: { tenant, ...scheduleOf(removed) } } satisfies z.input<typeof FeedScheduleChange>);
    },
  );

  fastify.get('/imports', { config: { permission: { action: 'feeds', on: 'tenant' } } }, async (request, reply) => {
    const query = parseInput(TenantListQuery, request.query, 'query');
    if (!fastify.tenants.get(query.tenant)) return reply.code(404).send(unknownTenant(query.tenant));
    const rows = await listImports(db, query.tenant, query.limit);
    const imports = rows.map((row) => importOf(row, Number(row.error_count)));
    return reply.header('cache-control', 'no-store').send({ imports } satisfies z.input<typeof StockImports>);
  });

  /**
   * The tenant's photos (docs/stock.md, Photos): how many are stored, pending and failed, and the
   * newest not stored, each with why its last try failed, when it is tried again (null once
   * failed for good) and the cars naming it, so an operator can tell the dealer which to fix.
   */
  fastify.get('/photos', { config: { permission: { action: 'feeds', on: 'tenant' } } }, async (request, reply) => {
    const query = parseInput(TenantListQuery, request.query, 'query');
    if (!fastify.tenants.get(query.tenant)) return reply.code(404).send(unknownTenant(query.tenant));
    const report = await photoReport(db, query.tenant, query.limit);
    const photos = report.unstored.map((photo) => ({
      url: photo.url,
      status: photo.status,
      attempts: photo.attempts,
      last_error: photo.last_error,
      next_attempt_at: photo.status === 'failed' ? null : photo.next_attempt_at.toISOString(),
      queued_at: photo.created_at.toISOString(),
      stocknums: photo.stocknums,
      car_count: photo.car_count,
    }));
    return reply
      .header('cache-control', 'no-store')
      .send({ counts: report.counts, photos } satisfies z.input<typeof TenantPhotos>);
  });

  fastify.get('/imports/:id', { config: { permission: { action: 'feeds', on: 'list' } } }, async (request, reply) => {
    const { id } = parseInput(ImportParams, request.params, 'params');
    const found = await findImportById(db, id);
    // An import of a tenant the caller does not hold is not there for it: the same 404 as none.
    if (!found || !may(callerOf(request), 'feeds', found.tenant).allowed)
      return reply.code(404).send({ error: `id: no import ${id}`, field: 'id' });
    return reply.header('cache-control', 'no-store').send(detailOf(found));
  });

  /**
   * A quarantined import applied anyway: queued again for the runner, which skips the snapshot
   * rules for it alone. The claim is one statement (infra/stock-in/src/stock-imports.ts, applyAnyway), so a retry
   * or a second operator at the same moment is answered 409 with the status the first left, and
   * only the call that queued it is audited.
   */
  fastify.post(
    '/imports/:id/apply',
    { config: { permission: { action: 'feeds', on: 'list' } } },
    async (request, reply) => {
      const { id } = parseInput(ImportParams, request.params, 'params');
      const found = await findImportById(db, id);
      const caller = callerOf(request);
      if (!found || !may(caller, 'feeds', found.tenant).allowed)
        return reply.code(404).send({ error: `id: no import ${id}`, field: 'id' });
      // Read after the import is known to be the caller's: another tenant's import answers 404 whatever is sent.
      const { reason } = parseInput(ApplyAnywayBody, request.body ?? {}, 'body');
      const outcome = await applyAnyway(db, id, { name: caller.name, reason, at: new Date() });
      if (!outcome.applied) {
        const refused = refusalOf(id, outcome);
        return reply.code(refused.status).send(refused.body);
      }
      await fastify.auditAdmin(request, {
        action: 'feeds',
        tenant: outcome.tenant,
        outcome: 'allowed',
        before: { import: id, source: outcome.source, status: 'quarantined', message: outcome.message },
        after: { import: id, source: outcome.source, status: 'queued', appliedAnyway: true },
        reason,
      });
      fastify.stockImports.queued();
      // As it is now: a runner may have taken it up already.
      const queued = await findImportById(db, id);
      if (!queued) throw new Error(`import ${id} was queued and is gone`);
      return reply.code(202).header('cache-control', 'no-store').send(detailOf(queued));
    },
  );
}

export default scoped('routes-feeds-admin', feedsAdminRoutes);
