import type { FastifyInstance } from 'fastify';
import { loadConfig } from '@forecourt/config/load';

export interface ShutdownSettings {
  /**
   * From the signal to closing the listener: /api/ready answers 503 meanwhile while every other
   * request is still served, so a balancer checking readiness takes the instance out before it
   * refuses connections (FORECOURT_SHUTDOWN_DRAIN_MS, default 0).
   */
  drainMs: number;
  /** The most a shutdown may take in all before the process exits non-zero (FORECOURT_SHUTDOWN_TIMEOUT_MS, default 10 s). */
  timeoutMs: number;
}

export function shutdownSettings(env: NodeJS.ProcessEnv = process.env): ShutdownSettings {
  const config = loadConfig(env);
  const settings = { drainMs: config.FORECOURT_SHUTDOWN_DRAIN_MS, timeoutMs: config.FORECOURT_SHUTDOWN_TIMEOUT_MS };
  if (settings.drainMs >= settings.timeoutMs) {
    throw new Error(
      `FORECOURT_SHUTDOWN_DRAIN_MS (${settings.drainMs}) must be less than FORECOURT_SHUTDOWN_TIMEOUT_MS (${settings.timeoutMs})`,
    );
  }
  return settings;
}

/**
 * SIGTERM (a deployment, a scale-in) and SIGINT (Ctrl+C) end the process gracefully: readiness
 * turns 503 at once, the listener closes after the drain time (no new connections; idle kept-alive
 * ones are closed), the requests in flight finish, then the app's close hooks stop its timers and
 * flush and close its pools (PGlite must flush to its data dir). Exit 0 when all of that is done
 * within the timeout, else exit 1 so the supervisor records an unclean stop. A second signal ends
 * the process at once, with 1.
 */
export function exitGracefullyOnSignals(
  app: FastifyInstance,
  settings: ShutdownSettings,
  log: (line: string) => void = (line) => console.warn(line),
): void {
  let closing = false;
  const shutDown = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    app.readiness.draining = true;
    log(`${signal}: shutting down (in-flight requests finish; at most ${settings.timeoutMs / 1000} s)`);
    setTimeout(() => {
      log(`The shutdown did not finish within ${settings.timeoutMs / 1000} s: exiting`);
      process.exit(1);
    }, settings.timeoutMs);
    const close = () =>
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          log(`The shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
          process.exit(1);
        },
      );
    if (settings.drainMs > 0) setTimeout(close, settings.drainMs);
    else void close();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shutDown(signal));
}
