import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { parseInput } from '@forecourt/shared-config/server/validation';
import { scoped } from '@forecourt/shared-config/server';
import { isProduction } from '@forecourt/config/load';
import { authenticateStockKey, type StockKey } from '@forecourt/stock-in/stock-keys';
import {
  findStockCar,
  listStockCars,
  patchCar,
  putCar,
  withdrawCar,
  type WriteOutcome,
} from '@forecourt/stock-in/stock-writes';
import { apiCarOf, readCarOf } from '@forecourt/stock-in/api-car';
import { photoStatuses } from '@forecourt/stock-in/car-photos';
import {
  BatchBody,
  BatchOperation,
  CarInput,
  CarPatch,
  ListQuery,
  StocknumParams,
} from '@forecourt/stock-in/car-schema';
import { stockOpenApi } from '@forecourt/stock-in/openapi';
import {
  FEED_TYPES,
  ImportParams,
  ImportQuery,
  ScheduleBody,
  ScheduleParams,
  UrlImportBody,
  type ImportStatus,
} from '@forecourt/stock-in/feeds/import-schema';
import { receiveFeed } from '@forecourt/stock-in/feeds/receive-feed';
import { findImport, queueUrlImport, waitingImports } from '@forecourt/stock-in/stock-imports';
import { findSchedule, listSchedules, removeSchedule } from '@forecourt/stock-in/feed-schedules';
import { auditedSchedule, scheduleOf, setSchedule } from '@forecourt/stock-in/schedule-changes';
import { recordAudit } from '@forecourt/data/operators';
import { siteOrigin } from '@forecourt/config/tenants/resolve-tenant';
import { listeningPort } from '../listening-port';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Stock API key the caller sent, and its site: the tenant of every stock route. */
    stockKey: { key: StockKey; tenant: TenantConfig } | null;
  }
}

export interface StockApiOptions {
  /** Requests a minute one key may make on each route (default 600). */
  perKeyPerMinute?: number;
  /** Batches a minute one key may send (default 60). */
  batchesPerKeyPerMinute?: number;
  /** Feeds a minute one key may upload (default 10). */
  importsPerKeyPerMinute?: number;
}

/** Imports a site may have waiting: a feed is the whole stock, so a later one makes the earlier ones moot; more is a script gone wrong. */
const WAITING_IMPORTS = 5;

/** A batch of 1,000 cars with their photo URLs is a few megabytes; every other route takes one car. */
const BATCH_BODY_LIMIT = 8 * 1024 * 1024;
const CAR_BODY_LIMIT = 256 * 1024;

type Answer = { status: number; body: Record<string, unknown> };

/**
 * The Stock API (docs/stock.md): a dealer's system writes its cars, authorised by a stock key of
 * its site. The site is the key's, whatever the Host header says, so a key reaches no other
 * site's stock (its cars are simply not found: 404). Every write is one transaction with its
 * stock_changes rows; the changed cars reach search at once through stock-index.
 */
async function stockApiRoutes(fastify: FastifyInstance, options: StockApiOptions): Promise<void> {
  const db = fastify.database.db;
  const production = isProduction(fastify.config);
  fastify.decorateRequest('stockKey', null);

  fastify.get('/openapi.json', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(stockOpenApi()),
  );

  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const secret = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const key = secret ? await authenticateStockKey(db, secret, new Date()) : null;
    const tenant = key ? fastify.tenants.get(key.tenant) : undefined;
    if (!key || !tenant) {
      reply.header('www-authenticate', 'Bearer');
      return reply.code(401).send({
        error: secret
          ? 'This stock key is unknown or revoked'
          : 'No stock key: send Authorization: Bearer <key> (npm run forecourt -- stock-keys create <tenant>)',
      });
    }
    request.stockKey = { key, tenant };
  };

  const limit = (max: number) => ({
    rateLimit: {
      max,
      timeWindow: 60_000,
      // After the key is known: each key has its own count, on every instance alike (the shared store).
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `stock-key:${request.stockKey?.key.id ?? request.ip}`,
    },
    rateLimitMessage: (retry: number) =>
      `Too many requests with this stock key: at most ${max} a minute on this route. Retry in ${retry} s.`,
  });
  const perRoute = limit(options.perKeyPerMinute ?? 600);
  const keyOf = (request: FastifyRequest) => {
    if (!request.stockKey) throw new Error('a stock route ran without its key');
    return request.stockKey;
  };
  const originOf = (request: FastifyRequest, tenant: TenantConfig) =>
    siteOrigin(tenant, request, { production, port: listeningPort(fastify, fastify.config.PORT) });

  const answer = (request: FastifyRequest, tenant: TenantConfig, outcome: WriteOutcome, stocknum: string): Answer => {
    if (outcome.status === 'not-found')
      return { status: 404, body: { error: `No car with stock number '${stocknum}' on this site`, field: 'stocknum' } };
    if (outcome.status === 'invalid') return { status: 400, body: { error: outcome.message, field: outcome.field } };
    if (outcome.status !== 'unchanged') {
      fastify.stockIndex.changed();
      // The write queued the photos it names (in its transaction): fetched now, not at the next tick.
      fastify.carPhotos.queued();
    }
    const car = apiCarOf(outcome.car, originOf(request, tenant));
    return {
      status: outcome.status === 'created' ? 201 : 200,
      body: outcome.status === 'unchanged' ? { car, unchanged: true } : { car },
    };
  };

  const apply = async (request: FastifyRequest, operation: BatchOperation): Promise<Answer> => {
    const { tenant } = keyOf(request);
    const context = { tenant, stocknum: operation.stocknum, source: 'api', now: new Date() };
    const outcome =
      operation.method === 'PUT'
        ? await putCar(db, context, operation.car)
        : operation.method === 'PATCH'
          ? await patchCar(db, context, operation.changes)
          : await withdrawCar(db, context);
    return answer(request, tenant, outcome, operation.stocknum);
  };

  const send = (reply: FastifyReply, result: Answer) =>
    reply.code(result.status).header('cache-control', 'no-store').send(result.body);

  await fastify.register(async (authorised) => {
    authorised.addHook('onRequest', authenticate);

    authorised.get('/cars', { config: perRoute }, async (request, reply) => {
      const query = parseInput(ListQuery, request.query, 'query');
      const { tenant } = keyOf(request);
      const page = await listStockCars(db, tenant.slug, {
        limit: query.limit,
        ...(query.after !== undefined ? { after: query.after } : {}),
      });
      const origin = originOf(request, tenant);
      const records = await photoStatuses(
        db,
        tenant.slug,
        page.cars.flatMap((car) => car.photo_urls ?? []),
      );
      return reply
        .header('cache-control', 'no-store')
        .send({ cars: page.cars.map((car) => readCarOf(car, origin, records)), next: page.next });
    });

    authorised.get('/cars/:stocknum', { config: perRoute }, async (request, reply) => {
      const { stocknum } = parseInput(StocknumParams, request.params, 'params');
      const { tenant } = keyOf(request);
      const car = await findStockCar(db, tenant.slug, stocknum);
      if (!car)
        return send(reply, {
          status: 404,
          body: { error: `No car with stock number '${stocknum}' on this site`, field: 'stocknum' },
        });
      const records = await photoStatuses(db, tenant.slug, car.photo_urls ?? []);
      return send(reply, { status: 200, body: { car: readCarOf(car, originOf(request, tenant), records) } });
    });

    authorised.put('/cars/:stocknum', { config: perRoute, bodyLimit: CAR_BODY_LIMIT }, async (request, reply) => {
      const { stocknum } = parseInput(StocknumParams, request.params, 'params');
      const car = parseInput(CarInput, request.body ?? null, 'body');
      return send(reply, await apply(request, { method: 'PUT', stocknum, car }));
    });

    authorised.patch('/cars/:stocknum', { config: perRoute, bodyLimit: CAR_BODY_LIMIT }, async (request, reply) => {
      const { stocknum } = parseInput(StocknumParams, request.params, 'params');
      const changes = parseInput(CarPatch, request.body ?? null, 'body');
      return send(reply, await apply(request, { method: 'PATCH', stocknum, changes }));
    });

    authorised.delete('/cars/:stocknum', { config: perRoute }, async (request, reply) => {
      const { stocknum } = parseInput(StocknumParams, request.params, 'params');
      return send(reply, await apply(request, { method: 'DELETE', stocknum }));
    });

    authorised.post(
      '/batch',
      { config: limit(options.batchesPerKeyPerMinute ?? 60), bodyLimit: BATCH_BODY_LIMIT },
      async (request, reply) => {
        const { operations } = parseInput(BatchBody, request.body ?? null, 'body');
        const results = [];
        // One after another, each in its own transaction: one operation's failure is its own answer only.
        for (const [index, raw] of operations.entries()) {
          const stocknum =
            raw && typeof raw === 'object' && typeof (raw as { stocknum?: unknown }).stocknum === 'string'
              ? (raw as { stocknum: string }).stocknum
              : null;
          const parsed = BatchOperation.safeParse(raw);
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            const field = ['operations', index, ...(issue?.path ?? [])].map(String).join('.');
            results.push({
              index,
              stocknum,
              status: 400,
              body: { error: `${field}: ${issue?.message ?? 'is invalid'}`, field },
            });
            continue;
          }
          const result = await apply(request, parsed.data);
          const field = result.body.field;
          // The field as this operation names it: its car's (or changes') field, or its stocknum.
          const within = field === 'stocknum' ? '' : parsed.data.method === 'PATCH' ? 'changes.' : 'car.';
          const body =
            result.status === 400 && typeof field === 'string'
              ? { ...result.body, field: `operations.${index}.${within}${field}` }
              : result.body;
          results.push({ index, stocknum, status: result.status, body });
        }
        return reply.header('cache-control', 'no-store').send({ results });
      },
    );

    await authorised.register(async (imports) => {
      // The feed reaches the route as the stream it arrives as: it is stored a piece at a time, never held whole.
      imports.addContentTypeParser(Object.keys(FEED_TYPES), (_request, payload, done) => done(null, payload));

      imports.post('/imports', { config: limit(options.importsPerKeyPerMinute ?? 10) }, async (request, reply) => {
        const { source } = parseInput(ImportQuery, request.query, 'query');
        const { key, tenant } = keyOf(request);
        if ((await waitingImports(db, tenant.slug)) >= WAITING_IMPORTS) {
          reply.header('retry-after', '60');
          return send(reply, {
            status: 429,
            body: {
              error: `This site has ${WAITING_IMPORTS} imports waiting to run: send the feed again once they have run`,
            },
          });
        }
        const [mediaType = '', ...parameters] = (request.headers['content-type'] ?? '')
          .split(';')
          .map((part) => part.trim().toLowerCase());
        if (mediaType === 'application/json') {
          // A feed by URL: queued at once; the runner that claims it fetches it, so this request
          // never waits on the dealer's server (nor lets a caller make the platform wait on one).
          const body = parseInput(UrlImportBody, request.body ?? null, 'body');
          const id = await queueUrlImport(db, {
            tenant: tenant.slug,
            source: body.source ?? source,
            url: body.url,
            createdBy: `stock-key:${key.id}`,
          });
          fastify.stockImports.queued();
          return send(reply, { status: 202, body: { id } });
        }
        const format = FEED_TYPES[mediaType as keyof typeof FEED_TYPES];
        if (!format)
          return send(reply, {
            status: 415,
            body: {
              error: `content-type: send the feed as ${Object.keys(FEED_TYPES).join(', ')}, or application/json { url, format } to have it fetched`,
              field: 'content-type',
            },
          });
        const charset = parameters
          .find((parameter) => parameter.startsWith('charset='))
          ?.slice(8)
          .replace(/"/g, '');
        if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')
          return send(reply, {
            status: 400,
            body: { error: 'content-type: feeds are read as UTF-8; send it as charset=utf-8', field: 'content-type' },
          });
        const maxBytes = fastify.config.FORECOURT_FEED_MAX_BYTES;
        const received = await receiveFeed(db, request.body as AsyncIterable<Buffer>, {
          tenant: tenant.slug,
          source,
          format,
          createdBy: `stock-key:${key.id}`,
          maxBytes,
        });
        if (received.status === 'too-large')
          return send(reply, {
            status: 413,
            body: { error: `body: a feed may be ${maxBytes} bytes; nothing was imported`, field: 'body' },
          });
        if (received.status === 'not-utf8')
          return send(reply, {
            status: 400,
            body: { error: 'body: the feed is not UTF-8 text; nothing was imported', field: 'body' },
          });
        if (received.status === 'empty')
          return send(reply, { status: 400, body: { error: 'body: the feed is empty', field: 'body' } });
        fastify.stockImports.queued();
        return send(reply, { status: 202, body: { id: received.id } });
      });

      imports.get('/imports/:id', { config: perRoute }, async (request, reply) => {
        const { id } = parseInput(ImportParams, request.params, 'params');
        const { tenant } = keyOf(request);
        const found = await findImport(db, tenant.slug, id);
        if (!found) return send(reply, { status: 404, body: { error: `No import ${id} on this site`, field: 'id' } });
        const body: ImportStatus = {
          id: String(found.id),
          source: found.source,
          format: found.format,
          url: found.url,
          status: found.status === 'receiving' ? 'queued' : found.status,
          message: found.message,
          rows: found.rows,
          counts: { created: 0, updated: 0, unchanged: 0, withdrawn: 0, rejected: 0, ...found.counts },
          errors: (found.errors ?? []) as ImportStatus['errors'],
          created_at: new Date(found.created_at).toISOString(),
          finished_at: found.finished_at ? new Date(found.finished_at).toISOString() : null,
        };
        return send(reply, { status: 200, body });
      });
    });

    // Scheduled feeds: the key's site's, one per source. Each change is audited as stock keys are,
    // under the key that made it.
    const noSchedule = (source: string): Answer => ({
      status: 404,
      body: { error: `No scheduled feed '${source}' on this site`, field: 'source' },
    });

    authorised.get('/feeds', { config: perRoute }, async (request, reply) => {
      const { tenant } = keyOf(request);
      return reply
        .header('cache-control', 'no-store')
        .send({ feeds: (await listSchedules(db, [tenant.slug])).map(scheduleOf) });
    });

    authorised.get('/feeds/:source', { config: perRoute }, async (request, reply) => {
      const { source } = parseInput(ScheduleParams, request.params, 'params');
      const found = await findSchedule(db, keyOf(request).tenant.slug, source);
      return send(reply, found ? { status: 200, body: { feed: scheduleOf(found) } } : noSchedule(source));
    });

    authorised.put('/feeds/:source', { config: perRoute }, async (request, reply) => {
      const { source } = parseInput(ScheduleParams, request.params, 'params');
      const body = parseInput(ScheduleBody, request.body ?? null, 'body');
      const { key, tenant } = keyOf(request);
      const by = `stock-key:${key.id}`;
      const changed = await setSchedule(
        db,
        { tenant: tenant.slug, source, body, updatedBy: by, perSite: fastify.config.FORECOURT_FEEDS_PER_SITE },
        new Date(),
      );
      if (changed.status === 409) return send(reply, changed);
      await recordAudit(db, {
        accountId: null,
        accountName: by,
        tokenId: null,
        action: 'feeds',
        tenant: tenant.slug,
        outcome: 'allowed',
        before: auditedSchedule(changed.before),
        after: auditedSchedule(changed.after),
      });
      return send(reply, { status: changed.status, body: { feed: scheduleOf(changed.after) } });
    });

    authorised.delete('/feeds/:source', { config: perRoute }, async (request, reply) => {
      const { source } = parseInput(ScheduleParams, request.params, 'params');
      const { key, tenant } = keyOf(request);
      const removed = await removeSchedule(db, tenant.slug, source);
      if (!removed) return send(reply, noSchedule(source));
      await recordAudit(db, {
        accountId: null,
        accountName: `stock-key:${key.id}`,
        tokenId: null,
        action: 'feeds',
        tenant: tenant.slug,
        outcome: 'allowed',
        before: auditedSchedule(removed),
        after: null,
      });
      return send(reply, { status: 200, body: { feed: scheduleOf(removed) } });
    });
  });
}

export default scoped<StockApiOptions>('routes-stock-api', stockApiRoutes);
