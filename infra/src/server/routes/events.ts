import fp from 'fastify-plugin';
import { z } from 'zod';
import { PLATFORM_EVENT } from '@forecourt/shared-config/failures';
import { isRemoteTeam } from '@forecourt/shared-config/teams';
import { parseInput } from '@forecourt/shared-config/server/validation';
import { insertEvent, pruneEvents } from '../../db/events';
import { canariesForTenant, effectivePins, pinsForTenant } from '../../db/pins';
import { DEFAULT_EARNING_RULE, recordCleanMount, recordFailure, type EarningRule } from '../../db/version-health';
import type { Config } from '../../config/load';
import { textProblem } from '../text';

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
  };
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

    fastify.post(
      '/api/events',
      {
        bodyLimit: 16 * 1024,
        config: {
          rateLimit: { max: settings.perMinute, timeWindow: 60_000 },
          rateLimitMessage: (retry) => `Too many events from this address: at most ${settings.perMinute} a minute. Retry in ${retry} s.`,
          // Fails open to this instance's own count while Redis is down: a lost beacon costs more
          // (a version's health, a shopper's analytics) than a few instances' worth of events.
          rateLimitStoreDown: 'count-here',
        },
      },
      async (request, reply) => {
        if (!request.tenant) return reply.code(404).send({ error: 'No dealer site at this address' });
        const body = parseInput(EventBodySchema, request.body ?? null, 'body');
        const id = await insertEvent(fastify.database.db, {
          tenant: request.tenant.slug,
          eventId: body.eventId,
          payload: body.payload ?? {},
          path: body.path ?? null,
        });
        await countHealth(request.tenant.slug, body.eventId, body.payload ?? {});
        return reply.code(202).send({ id });
      },
    );

    /**
     * A shell's clean mount (platform event appMounted) or failure report counts toward the
     * version's standing for this tenant (db/version-health.ts). Only a version the tenant serves
     * (its pin or its canary) can earn: a beacon naming any other, forged or stale, earns nothing.
     * Failures count for any published version, the fallback's included.
     */
    async function countHealth(tenant: string, eventId: number, payload: Record<string, unknown>): Promise<void> {
      const { remote, version } = payload;
      if (typeof remote !== 'string' || typeof version !== 'string' || !isRemoteTeam(remote)) return;
      if (eventId === PLATFORM_EVENT.failure) {
        if (await fastify.registry.isPublished(remote, version)) await recordFailure(fastify.database.db, { tenant, team: remote, version });
        return;
      }
      if (eventId !== PLATFORM_EVENT.appMounted) return;
      const db = fastify.database.db;
      const served = effectivePins(await pinsForTenant(db, tenant), tenant).get(remote)?.version === version || (await canariesForTenant(db, tenant)).get(remote)?.version === version;
      if (served) await recordCleanMount(db, { tenant, team: remote, version }, settings.earning);
    }

    const prune = async () => {
      try {
        const cutoff = new Date(Date.now() - settings.retentionDays * 24 * 60 * 60 * 1000);
        const removed = await pruneEvents(fastify.database.db, cutoff);
        if (removed > 0) fastify.log.info(`events: removed ${removed} older than ${settings.retentionDays} days`);
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
  { name: 'routes-events', fastify: '5.x', dependencies: ['config', 'database', 'tenants', 'rate-limit', 'registry'] },
);
