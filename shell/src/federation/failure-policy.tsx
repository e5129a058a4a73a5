import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { AppProps } from 'single-spa';
import {
  DEFAULT_FRAGMENT_TIMEOUT_MS,
  dropFirstPaint,
  emit,
  ForecourtProvider,
  PLATFORM_EVENT,
  track,
  type BootData,
  type Failure,
  type FailurePolicy,
  type RemoteManifestEntry,
} from '@forecourt/shared-config';
import { AppFallback } from '../chrome/app-fallback';
import { markSlot, slotFor } from './slots';

/**
 * The platform's failure policy, in one place. Every part of the page that can fail calls it:
 * the entry loader (resilience plugin), the mount wrapper (apps.tsx), each remote's render
 * error boundary and `RemoteFragment` (both through the port in shared-config). It decides:
 *   1. an entry that fails to load is retried with backoff (a CDN hiccup should not cost the
 *      shopper a feature), each attempt bounded by the entry timeout;
 *   2. then, for an entry or a mount that fails, the tenant's last-good version is used when the
 *      manifest names one other than the version that failed;
 *   3. otherwise the area shows the one fallback, and the chrome and other apps keep working.
 * Every failure is reported to `/api/events` (platform event 1002) with its kind, remote and
 * version; the server adds the tenant from the host. `forecourt failures` reads them back.
 */
export const RETRY_BACKOFF_MS: readonly number[] = [250, 750];
/** How long an app must stay up after mounting, with no failure, to count as a clean mount. */
export const CLEAN_MOUNT_SETTLE_MS = 3000;
export const DEFAULT_ENTRY_TIMEOUT_MS = 10_000;

type LastGood = NonNullable<RemoteManifestEntry['lastGood']>;

export interface ShellFailurePolicy extends FailurePolicy {
  remotes: readonly RemoteManifestEntry[];
  /** The version actually running per team (differs from the pin after a recovery). */
  running: Map<string, string>;
  entryTimeoutMs: number;
  retryBackoffMs: readonly number[];
  /** The version to fall back to when `failedVersion` of `remote` failed, if there is one. */
  lastGoodFor(remote: RemoteManifestEntry, failedVersion: string): LastGood | undefined;
  recovered(team: string, from: string, to: string): void;
  /**
   * A team's app mounted. Once it has stayed up for `cleanMountSettleMs` with no failure reported
   * for it, the shell reports a clean mount (platform event appMounted), once per version per page:
   * the server counts those toward the version's earned last-good standing for the tenant.
   */
  mounted(team: string, version: string): void;
  cleanMountSettleMs: number;
  /** Calls `listener` after a render failure of `team`'s app; returns the unsubscribe. */
  onRenderFailure(team: string, listener: (version: string) => void): () => void;
  /** single-spa lifecycles that show the fallback in a team's slot. */
  fallbackApp(team: string): {
    bootstrap: () => Promise<void>;
    mount: (props?: AppProps) => Promise<void>;
    unmount: (props?: AppProps) => Promise<void>;
  };
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

export function createFailurePolicy(
  boot: Pick<BootData, 'remotes'> & { failurePolicy?: BootData['failurePolicy'] },
): ShellFailurePolicy {
  const remotes = boot.remotes;
  const running = new Map<string, string>();
  /** Per team, when its last failure was reported: a mount that saw one since is not clean. */
  const lastFailureAt = new Map<string, number>();
  const reportedClean = new Set<string>();
  const renderListeners = new Map<string, Set<(version: string) => void>>();
  const versionOf = (team: string) => running.get(team) ?? remotes.find((r) => r.team === team)?.version ?? 'unknown';

  const policy: ShellFailurePolicy = {
    remotes,
    running,
    entryTimeoutMs: boot.failurePolicy?.entryTimeoutMs ?? DEFAULT_ENTRY_TIMEOUT_MS,
    fragmentTimeoutMs: boot.failurePolicy?.fragmentTimeoutMs ?? DEFAULT_FRAGMENT_TIMEOUT_MS,
    retryBackoffMs: RETRY_BACKOFF_MS,
    cleanMountSettleMs: CLEAN_MOUNT_SETTLE_MS,
    Fallback: AppFallback,

    report({ kind, remote, version, error }: Failure) {
      const v = version ?? versionOf(remote);
      const detail = describe(error);
      lastFailureAt.set(remote, performance.now());
      console.error(`[forecourt] ${kind} failure in ${remote}@${v}: ${detail}`);
      // A render error replaces the app's content with the fallback: the slot says so too.
      if (kind === 'render') markSlot(remote, 'failed', v);
      emit('shell:app-failed', { team: remote, version: v, reason: `${kind}: ${detail}` });
      void track(PLATFORM_EVENT.failure, { kind, remote, version: v, detail: detail.slice(0, 300) });
      // The app's own error boundary is rendering its fallback right now: recovery (apps.tsx)
      // swaps the app after this render has finished, never inside it.
      if (kind === 'render') {
        for (const listener of renderListeners.get(remote) ?? []) setTimeout(() => listener(v), 0);
      }
    },

    onRenderFailure(team, listener) {
      const listeners = renderListeners.get(team) ?? new Set();
      listeners.add(listener);
      renderListeners.set(team, listeners);
      return () => listeners.delete(listener);
    },

    lastGoodFor(remote, failedVersion) {
      const lastGood = remote.lastGood;
      return lastGood && lastGood.version !== failedVersion ? lastGood : undefined;
    },

    recovered(team, from, to) {
      running.set(team, to);
      console.warn(`[forecourt] ${team} recovered onto last-good ${to} (pinned ${from} failed)`);
      void track(PLATFORM_EVENT.recovered, { remote: team, from, to });
    },

    mounted(team, version) {
      emit('shell:app-mounted', { team, version });
      const key = `${team}@${version}`;
      if (reportedClean.has(key)) return;
      const mountedAt = performance.now();
      setTimeout(() => {
        if ((lastFailureAt.get(team) ?? -Infinity) >= mountedAt || reportedClean.has(key)) return;
        reportedClean.add(key);
        void track(PLATFORM_EVENT.appMounted, { remote: team, version });
      }, policy.cleanMountSettleMs);
    },

    fallbackApp(team) {
      let root: Root | null = null;
      let container: HTMLElement | null = null;
      return {
        bootstrap: async () => undefined,
        mount: async () => {
          // The server's first paint of this app would hide the fallback (and promise a page that
          // will not come): the shopper sees what failed instead.
          dropFirstPaint(team);
          container = document.createElement('div');
          slotFor(team).appendChild(container);
          root = createRoot(container);
          root.render(createElement(ForecourtProvider, null, createElement(AppFallback, { remote: team })));
          markSlot(team, 'failed');
        },
        unmount: async () => {
          root?.unmount();
          container?.remove();
          root = null;
          container = null;
        },
      };
    },
  };
  return policy;
}
