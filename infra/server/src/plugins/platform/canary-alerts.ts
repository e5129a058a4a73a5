import fp from 'fastify-plugin';
import {
  canaryAlertsOf,
  claimDueAlerts,
  markAlertFailed,
  markAlertSent,
  raiseCanaryAlert,
} from '@forecourt/data/canary-alerts';
import { effectivePins, listCanaries, listPins, type Canary } from '@forecourt/data/pins';
import {
  alertDetails,
  judgeCanary,
  postCanaryAlert,
  type CanaryAlertRule,
  type CanaryVerdict,
} from '@forecourt/releases/pins/canary-alerts';

declare module 'fastify' {
  interface FastifyInstance {
    canaryAlerts: CanaryAlerts;
  }
}

export interface CanaryAlerts {
  rule: CanaryAlertRule;
  /** Whether flagged canaries are POSTed anywhere (FORECOURT_CANARY_WEBHOOK_URL). */
  webhook: boolean;
  /**
   * A mount report of the tenant's canary version was just counted: judges the canary against its
   * pin and, the first time it is flagged, raises its alert (on whichever instance gets there
   * first) and sends it. Never throws: a report is not refused for its alert.
   */
  reported(canary: Canary, pinVersion: string | null): Promise<void>;
  /** Judges the canary; raises its alert when it is flagged (and not yet raised). */
  judge(canary: Canary, pinVersion: string | null): Promise<CanaryVerdict>;
  /** Sends the alerts due (claimed first, so several instances send each once). */
  sendDue(): Promise<{ sent: number; failed: number }>;
  /** Judges every running canary, then sends what is due: the timer's round. */
  sweep(): Promise<void>;
  /** Resolves once the sends started so far have ended (a report's send runs after its answer). */
  idle(): Promise<void>;
}

export interface CanaryAlertsOptions {
  /** How often every canary is judged and unsent alerts retried (default 30 s); 0: never (tests call `sweep`). */
  intervalMs?: number;
  /** Default: FORECOURT_CANARY_WEBHOOK_URL. */
  webhookUrl?: string | null;
  rule?: CanaryAlertRule;
  fetch?: typeof fetch;
}

/**
 * Canary alerts: a canary failing more than its pin by the configured margin is flagged (the
 * console shows it), and the webhook is POSTed once per canary. The alert row in the database is
 * the claim: inserted once whichever instance judges first, then claimed for sending with a lease,
 * so several instances send it once; a failed POST is retried with a growing delay.
 */
export default fp<CanaryAlertsOptions>(
  async (fastify, options) => {
    const db = fastify.database.db;
    const config = fastify.config;
    const rule: CanaryAlertRule = options.rule ?? {
      marginPercent: config.FORECOURT_CANARY_ALERT_MARGIN_PERCENT,
      minReports: config.FORECOURT_CANARY_ALERT_MIN_MOUNTS,
    };
    const webhookUrl =
      options.webhookUrl !== undefined ? options.webhookUrl : (config.FORECOURT_CANARY_WEBHOOK_URL ?? null);
    const fetchImpl = options.fetch ?? fetch;

    // Sends in flight, so a close waits for them rather than closing the database under them.
    const inFlight = new Set<Promise<unknown>>();
    const track = <T>(work: Promise<T>): Promise<T> => {
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work)).catch(() => undefined);
      return work;
    };

    const sendDue = async (): Promise<{ sent: number; failed: number }> => {
      const result = { sent: 0, failed: 0 };
      if (!webhookUrl) return result;
      for (const alert of await claimDueAlerts(db)) {
        try {
          await postCanaryAlert(webhookUrl, alert, fetchImpl);
          await markAlertSent(db, alert.id);
          result.sent += 1;
          fastify.log.warn({ tenant: alert.tenant, team: alert.team, version: alert.version }, 'canary alert sent');
        } catch (error) {
          await markAlertFailed(db, alert, error instanceof Error ? error.message : String(error));
          result.failed += 1;
          fastify.log.error(
            { err: error, tenant: alert.tenant, team: alert.team },
            'canary alert: the webhook failed; retried later',
          );
        }
      }
      return result;
    };

    const judge = async (canary: Canary, pinVersion: string | null): Promise<CanaryVerdict> => {
      const verdict = await judgeCanary(db, canary, pinVersion, rule);
      if (!verdict.flagged) return verdict;
      const raised = await raiseCanaryAlert(db, {
        tenant: canary.tenant,
        team: canary.team,
        version: canary.version,
        canaryStartedAt: canary.startedAt,
        details: alertDetails(verdict, rule),
      });
      if (raised) {
        fastify.log.warn(
          { tenant: canary.tenant, team: canary.team, version: canary.version },
          'canary flagged: it fails more than its pin',
        );
        void track(sendDue()).catch((error: unknown) =>
          fastify.log.error({ err: error }, 'canary alert: sending failed'),
        );
      }
      return verdict;
    };

    const reported = async (canary: Canary, pinVersion: string | null): Promise<void> => {
      try {
        // Once raised, a canary's alert is not judged again on every report.
        const raised = await canaryAlertsOf(db, [canary.tenant]);
        if (
          raised.some(
            (alert) =>
              alert.team === canary.team &&
              alert.version === canary.version &&
              alert.canaryStartedAt.getTime() === canary.startedAt.getTime(),
          )
        )
          return;
        await judge(canary, pinVersion);
      } catch (error) {
        fastify.log.error({ err: error, tenant: canary.tenant, team: canary.team }, 'canary alert: judging failed');
      }
    };

    const sweep = async (): Promise<void> => {
      const pins = await listPins(db);
      for (const canary of await listCanaries(db)) {
        await judge(canary, effectivePins(pins, canary.tenant).get(canary.team)?.version ?? null);
      }
      await track(sendDue());
    };

    const idle = async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    };
    fastify.decorate('canaryAlerts', { rule, webhook: webhookUrl !== null, reported, judge, sendDue, sweep, idle });

    const intervalMs = options.intervalMs ?? 30_000;
    let timer: NodeJS.Timeout | undefined;
    if (intervalMs > 0) {
      fastify.addHook('onReady', async () => {
        timer = setInterval(
          () =>
            void sweep().catch((error: unknown) => fastify.log.error({ err: error }, 'canary alerts: a round failed')),
          intervalMs,
        ).unref();
      });
    }
    // preClose: sends under way finish before any onClose hook closes the database.
    fastify.addHook('preClose', async () => {
      clearInterval(timer);
      await idle();
    });
  },
  { name: 'canary-alerts', fastify: '5.x', dependencies: ['config', 'database'] },
);
