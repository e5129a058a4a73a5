import { normalizeIP } from '@fastify/rate-limit';
import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { PLATFORM_EVENT } from '@forecourt/shared-config/failures';
import { isRemoteTeam } from '@forecourt/shared-config/teams';
import { parseInput } from '@forecourt/shared-config/server/validation';
import { insertEvent, pruneEvents } from '@forecourt/data/events';
import { pruneBuckets } from '@forecourt/data/health-buckets';
import { isShopperId, SHOPPER_COOKIE } from '@forecourt/releases/pins/canary';
import { canariesForTenant, effectivePins, pinsForTenant } from '@forecourt/data/pins';
import {
  DEFAULT_EARNING_RULE,
  recordCleanMount,
  recordFailure,
  type EarningRule,
} from '@forecourt/data/version-health';
import type { Config } from '@forecourt/config/load';
import { textProblem } from '@forecourt/runtime/text';

/** The `event_id` column is a 32-bit integer. */
const MAX_EVENT_ID = 2 ** 31 - 1;

const text = (max: number) =>
  z
    .string()
    .max(max)
    .superRefine((value, context) => {
      const problem = textProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });

export const EventBodySchema = z
  .object({
    eventId: z.number().int().positive().max(MAX_EVENT_ID),
    payload: z
      .record(z.string(), z.union([text(2000), z.number(), z.boolean(), z.null()]))
      // Keys are checked here rather than by a key schema, so the message never echoes a key
      // that holds a NUL or a broken character back to the caller.
      .superRefine((payload, context) => {
        for (const key of Object.keys(payload)) {
          const problem = key.length > 100 ? 'must be at most 100 characters long' : textProblem(key);
          if (problem) {
            context.addIssue({ code: 'custom', message: `every key ${problem}` });
            return;
          }
        }
      })
      .optional(),
    path: text(2048).startsWith('/').optional(),
  })
  .strict();

export interface EventsOptions {
  /** Posts one client address may make per minute (FORECOURT_EVENTS_PER_MINUTE, default 240). */
  perMinute?: number;
  /** Days an event is kept (FORECOURT_EVENT_RETENTION_DAYS, default 30). */
  retentionDays?: number;
  /** When a version earns last-good from shoppers' clean mounts (FORECOURT_LAST_GOOD_*). */
  earning?: EarningRule;
  /** Mount reports counted per shopper cookie per minute (FORECOURT_MOUNT_REPORTS_PER_SHOPPER_PER_MINUTE, default 30). */
  mountReportsPerShopper?: number;
  /** Mount reports counted per address per minute (FORECOURT_MOUNT_REPORTS_PER_ADDRESS_PER_MINUTE, default 120). */
  mountReportsPerAddress?: number;
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;

export function eventsSettings(config: Config): Required<EventsOptions> {
  return {
    perMinute: config.FORECOURT_EVENTS_PER_MINUTE,
    retentionDays: config.FORECOURT_EVENT_RETENTION_DAYS,
    earning: {
      mounts: config.FORECOURT_LAST_GOOD_MOUNTS ?? DEFAULT_EARNING_RULE.mounts,
      maxFailurePercent: config.FORECOURT_LAST_GOOD_MAX_FAILURE_PERCENT ?? DEFAULT_EARNING_RULE.maxFailurePercent,
    },
    mountReportsPerShopper: config.FORECOURT_MOUNT_REPORTS_PER_SHOPPER_PER_MINUTE,
    mountReportsPerAddress: config.FORECOURT_MOUNT_REPORTS_PER_ADDRESS_PER_MINUTE,
  };
}

/** The body's event id, when it has a numeric one (the route checks the rest). */
function eventIdOf(body: unknown): number | null {
  const eventId = typeof body === 'object' && body !== null ? (body as { eventId?: unknown }).eventId : undefined;
  return typeof eventId === 'number' ? eventId : null;
}

/** A clean mount or a failure report: what counts toward a version's health. */
function isMountReport(eventId: number | null): boolean {
  return eventId === PLATFORM_EVENT.appMounted || eventId === PLATFORM_EVENT.failure;
}

/** The browser a report came from, as family, major version and system ('Chrome 131 on Android'); never the whole User-Agent. */
export function browserOf(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  const name = parsed.browser.name;
  if (!name) return null;
  const major = parsed.browser.version?.split('.')[0];
  return [name, major, parsed.os.name ? `on ${parsed.os.name}` : null].filter(Boolean).join(' ').slice(0, 80);
}

/**
 * Analytics beacons and platform failure reports from the page; stored under the tenant the
 * host names, never the body. A page sends a handful per view, so a per-address limit (well
 * above a shopper's rate, far below a flood's) keeps one client from filling the table, and
 * events older than the retention are deleted hourly.
 */
export default fp<EventsOptions>(
  async (fastify, options) => {
    const settings = { ...eventsSettings(fastify.config), ...options };

    /*
     * Mount reports are counted per shopper cookie and per address, in the shared store with every
     * other limit (Redis across instances): a report over either limit is refused whole (429), so
     * it is counted nowhere, and what the console shows still adds up. A report without a
     * shopper cookie (a site running no canary sets none) is limited by its address alone. While
     * Redis is down each instance counts on its own (the limit's default), as for the events.
     */
    const shopperLimit = fastify.createRateLimit({
      max: settings.mountReportsPerShopper,
      timeWindow: 60_000,
      keyGenerator: (request) => `mount-reports:shopper:${shopperOf(request) ?? ''}`,
    });
    const addressLimit = fastify.createRateLimit({
      max: settings.mountReportsPerAddress,
      timeWindow: 60_000,
      keyGenerator: (request) => `mount-reports:address:${normalizeIP(request.ip)}`,
    });
    const shopperOf = (request: FastifyRequest): string | undefined => {
      const value = request.cookies?.[SHOPPER_COOKIE];
      return isShopperId(value) ? value : undefined;
    };
    /** Seconds to wait when a limit refuses the report, else null. Both limits count every report. */
    const mountReportLimited = async (request: FastifyRequest): Promise<{ retry: number; by: string } | null> => {
      const byAddress = await addressLimit(request);
      const byShopper = shopperOf(request) ? await shopperLimit(request) : null;
      if (!byAddress.isAllowed && byAddress.isExceeded)
        return {
          retry: byAddress.ttlInSeconds,
          by: `this address: at most ${settings.mountReportsPerAddress} a minute`,
        };
      if (byShopper && !byShopper.isAllowed && byShopper.isExceeded)
        return {
          retry: byShopper.ttlInSeconds,
          by: `this shopper: at most ${settings.mountReportsPerShopper} a minute`,
        };
      return null;
    };

    fastify.post(
      '/api/events',
      {
        bodyLimit: 16 * 1024,
        config: {
          // Mount reports are left to their own limits (per shopper and per address, below): a
          // page sends one for each app it mounts besides its pixel events, so counting them here
          // too refused a shopper's analytics after a brisk few dozen pages in a minute. Counted
          // once the body is read, to know which is which.
          rateLimit: {
            max: settings.perMinute,
            timeWindow: 60_000,
            hook: 'preHandler',
            allowList: (request) => isMountReport(eventIdOf(request.body)),
          },
          rateLimitMessage: (retry) =>
            `Too many events from this address: at most ${settings.perMinute} a minute. Retry in ${retry} s.`,
          // Fails open to this instance's own count while Redis is down: a lost beacon costs more
          // (a version's health, a shopper's analytics) than a few instances' worth of events.
          rateLimitStoreDown: 'count-here',
        },
      },
      async (request, reply) => {
        if (!request.tenant) return reply.code(404).send({ error: 'No dealer site at this address' });
        const body = parseInput(EventBodySchema, request.body ?? null, 'body');
        if (isMountReport(body.eventId)) {
          const limited = await mountReportLimited(request);
          if (limited)
            return reply
              .code(429)
              .header('retry-after', String(limited.retry))
              .send({ error: `Too many mount reports from ${limited.by}. Retry in ${limited.retry} s.` });
        }
        const id = await insertEvent(fastify.database.db, {
          tenant: request.tenant.slug,
          eventId: body.eventId,
          payload: body.payload ?? {},
          path: body.path ?? null,
          browser: body.eventId === PLATFORM_EVENT.failure ? browserOf(request.headers['user-agent']) : null,
        });
        await countHealth(request.tenant.slug, body.eventId, body.payload ?? {});
        return reply.code(202).send({ id });
      },
    );

    /**
     * A shell's clean mount (platform event appMounted) or failure report counts toward the
     * version's standing for this tenant (infra/data/src/version-health.ts). Only a version the tenant serves
     * (its pin or its canary) can earn: a beacon naming any other, forged or stale, earns nothing.
     * Failures count for any published version, the fallback's included.
     */
    async function countHealth(tenant: string, eventId: number, payload: Record<string, unknown>): Promise<void> {
      const { remote, version, kind } = payload;
      if (typeof remote !== 'string' || typeof version !== 'string' || !isRemoteTeam(remote)) return;
      const db = fastify.database.db;
      const pinOf = async () => effectivePins(await pinsForTenant(db, tenant), tenant).get(remote)?.version ?? null;
      const canaryOf = async () => (await canariesForTenant(db, tenant)).get(remote);
      if (eventId === PLATFORM_EVENT.failure) {
        if (!(await fastify.registry.isPublished(remote, version))) return;
        await recordFailure(db, { tenant, team: remote, version, kind });
        // A canary's failure may be the one that flags it against its pin.
        const canary = await canaryOf();
        if (canary?.version === version) await fastify.canaryAlerts.reported(canary, await pinOf());
        return;
      }
      if (eventId !== PLATFORM_EVENT.appMounted) return;
      const pin = await pinOf();
      if (pin === version) {
        await recordCleanMount(db, { tenant, team: remote, version }, settings.earning);
        return;
      }
      const canary = await canaryOf();
      if (canary?.version !== version) return;
      await recordCleanMount(db, { tenant, team: remote, version }, settings.earning);
      await fastify.canaryAlerts.reported(canary, pin);
    }

    const prune = async () => {
      try {
        const cutoff = new Date(Date.now() - settings.retentionDays * 24 * 60 * 60 * 1000);
        const removed = await pruneEvents(fastify.database.db, cutoff);
        if (removed > 0) fastify.log.info(`events: removed ${removed} older than ${settings.retentionDays} days`);
        // The console's mount report buckets are kept as long as the events.
        await pruneBuckets(fastify.database.db, cutoff);
      } catch (error) {
        fastify.log.error({ err: error }, 'events: pruning failed');
      }
    };
    let timer: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      await prune();
      timer = setInterval(() => void prune(), PRUNE_EVERY_MS).unref();
    });
    fastify.addHook('onClose', async () => clearInterval(timer));
  },
  {
    name: 'routes-events',
    fastify: '5.x',
    dependencies: ['config', 'database', 'tenants', 'rate-limit', 'registry', 'canary-alerts'],
  },
);
