/**
 * Runs in a thread of the first-paint pool (first-paint-pool.ts): renders one page's app part
 * with its team's own `firstPaint`, its ports reached on the request thread
 * (first-paint-ports.ts). A render's React work is synchronous; here it holds this thread, not
 * the one every shopper's request waits on.
 */
import os from 'node:os';
import { workerData, type MessagePort } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import type { FirstPaint, FirstPaintRequest, TeamServerPlugin } from '@forecourt/shared-config/server';
import { portsOverThreads, type PortShape, type RequestFacts } from './first-paint-ports';
import { loadProductionReact } from './production-react';

export interface FirstPaintTask {
  team: string;
  input: Omit<FirstPaintRequest, 'request'> & { request: RequestFacts };
  /** The team's ports as the request thread has them (`describePorts`). */
  shape: PortShape;
  port: MessagePort;
  /** The flag a port call waits on (an Int32Array of one, on shared memory). */
  flag: Int32Array;
}

/** What a render thread is started with (`RenderThreads`). */
export interface FirstPaintThreadData {
  /** Its scheduling priority, a nice value: on Linux a thread's priority is its own. */
  priority: number;
}

export interface FirstPaintTaskResult {
  paint: FirstPaint | null;
  /** This thread's renders from its cache and made since its last answer, for /metrics. */
  renders: { hits: number; renders: number };
}

/**
 * The teams' renderers, loaded once per thread when it starts, after React's production build is
 * chosen (as the server's entries do: production-react.ts), with this thread's own render cache.
 */
const loaded = (() => {
  const { priority } = (workerData ?? { priority: 0 }) as FirstPaintThreadData;
  if (priority !== 0) {
    try {
      os.setPriority(priority);
    } catch {
      // A platform refusing it only loses that preference.
    }
  }
  loadProductionReact();
  // require, not import(): from source this thread loads the worker as a module of its own, where
  // import() of a folder (a team's server) is refused; and it must run after the line above.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const render =
    require('@forecourt/shared-config/server/render') as typeof import('@forecourt/shared-config/server/render');
  const cache = require('./first-paint') as typeof import('./first-paint');
  const servers = [
    require('@forecourt/mf-search/server') as typeof import('@forecourt/mf-search/server'),
    require('@forecourt/mf-vehicle/server') as typeof import('@forecourt/mf-vehicle/server'),
    require('@forecourt/mf-finance/server') as typeof import('@forecourt/mf-finance/server'),
    require('@forecourt/mf-leads/server') as typeof import('@forecourt/mf-leads/server'),
    require('@forecourt/mf-locations/server') as typeof import('@forecourt/mf-locations/server'),
  ];
  /* eslint-enable @typescript-eslint/no-require-imports */
  render.setRenderCache(cache.newFirstPaintRenderCache());
  const renderers = new Map<string, (input: FirstPaintRequest, ports: never) => Promise<FirstPaint | null>>();
  for (const server of servers.map((module) => module.default as TeamServerPlugin<never>)) {
    const { team, firstPaint } = server.definition;
    if (firstPaint) renderers.set(team, firstPaint);
  }
  return { renderers, stats: render.renderCacheStats };
})();

/**
 * Ports that are a store of the process's own rather than a way to the platform's data: each
 * thread keeps its own, as it keeps its own render cache (a round trip per use would cost more
 * than what they save). mf-search's learnt queries: 2,000 page contexts, as the request thread's.
 */
const THREAD_PORTS: Record<string, () => Record<string, unknown>> = {
  'mf-search': () => ({ serverStateTemplates: new LRUCache({ max: 2000 }) }),
};
const threadPorts = new Map<string, Record<string, unknown>>();

const reported = { hits: 0, renders: 0 };

/** A task that only shows the thread has loaded (`FirstPaintPool.ready`). */
export interface WarmTask {
  warm: true;
}

export default async function renderFirstPaint(task: FirstPaintTask | WarmTask): Promise<FirstPaintTaskResult> {
  const { renderers, stats } = loaded;
  if ('warm' in task) return { paint: null, renders: { hits: 0, renders: 0 } };
  const channel = portsOverThreads(task.port, task.flag, task.shape, task.input.request);
  try {
    const firstPaint = renderers.get(task.team);
    if (!firstPaint) throw new Error(`no first paint for ${task.team} in this thread`);
    const own = threadPorts.get(task.team) ?? THREAD_PORTS[task.team]?.() ?? {};
    threadPorts.set(task.team, own);
    const ports = { ...(channel.ports as Record<string, unknown>), ...own };
    const paint = await firstPaint({ ...task.input, request: channel.request }, ports as never);
    const renders = { hits: stats.hits - reported.hits, renders: stats.renders - reported.renders };
    reported.hits = stats.hits;
    reported.renders = stats.renders;
    return { paint, renders };
  } finally {
    channel.close();
  }
}
