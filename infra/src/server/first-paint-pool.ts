import { MessageChannel } from 'node:worker_threads';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { Piscina } from 'piscina';
import type { FirstPaint, FirstPaintRenderer, FirstPaintRequest } from '@forecourt/shared-config/server';
import { renderCacheStats } from '@forecourt/shared-config/server/render';
import { poolWorkerScript } from '../platform/worker-script';
import { answerPortCalls, describePorts, requestFacts } from './first-paint-ports';
import type { FirstPaintTask, FirstPaintTaskResult, WarmTask } from './first-paint-worker';

export interface FirstPaintPoolOptions {
  /** Render threads (FORECOURT_FIRST_PAINT_THREADS). */
  threads: number;
  /**
   * The longest a render waits for a thread (FORECOURT_FIRST_PAINT_BUDGET_MS): its page has been
   * sent without it by then, so it is dropped from the queue rather than rendered for nobody.
   */
  maxWaitMs: number;
}

/**
 * Renders that run on a thread at once: two per thread, so that while one waits for its data
 * (a search page's answers, a car read from the database) the thread renders another.
 */
export const RENDERS_PER_THREAD = 2;

interface Waiting {
  task: () => Promise<FirstPaint | null>;
  resolve: (paint: FirstPaint | null) => void;
  reject: (error: unknown) => void;
  timer: NodeJS.Timeout;
}

/**
 * The teams' first paints, rendered on threads of their own (piscina) instead of the request
 * thread. A render's React work is synchronous: a search page with filters no page asked before
 * is two renders of 60 to 70 ms together, and on the request thread every other shopper's request
 * waited behind it at each of its steps (a car page has six to eight), so twenty such pages at
 * once took another shopper's car page past 300 ms.
 *
 * Each team has a lane of its own, and a free place goes to the lanes in turn: a car page's render
 * waits behind at most the renders already running, never behind a queue of search pages. A lane
 * runs at most one render per thread, so one team never holds every place. How many renders a
 * lane may hold at once (running and waiting) is FORECOURT_FIRST_PAINT_CONCURRENCY, counted by
 * the caller (first-paint.ts); past it the page goes without its app's first paint.
 */
export class FirstPaintPool {
  private readonly pool: Piscina<FirstPaintTask | WarmTask, FirstPaintTaskResult>;
  private readonly lanes = new Map<string, Waiting[]>();
  private readonly runningByLane = new Map<string, number>();
  private running = 0;
  /** The lane the next free place is offered to first (round robin). */
  private turn = 0;

  constructor(private readonly options: FirstPaintPoolOptions) {
    this.pool = new Piscina({
      ...poolWorkerScript(path.join(__dirname, 'first-paint-worker.ts'), 'first-paint-worker'),
      minThreads: options.threads,
      maxThreads: options.threads,
      concurrentTasksPerWorker: RENDERS_PER_THREAD,
      // Threads stay: each loads React and every team's pages, seconds of work on a busy machine.
      idleTimeout: Number.MAX_SAFE_INTEGER,
    });
  }

  /**
   * Resolves once the threads have loaded React and the teams' pages (seconds on a busy machine):
   * the server waits for it before it listens, or its first pages would wait past their budget
   * and go without their first paint.
   */
  async ready(): Promise<void> {
    await Promise.all(Array.from({ length: this.options.threads }, () => this.pool.run({ warm: true })));
  }

  /**
   * The renderer of `team`'s first paints on the pool: the team's `firstPaint` in a render
   * thread, with `ports` (the same the team's plugin was given) answering there.
   */
  renderer(team: string, version: string, ports: unknown): FirstPaintRenderer {
    const shape = describePorts(ports);
    return {
      version,
      render: (input) => this.enqueue(team, () => this.run(team, input, shape, ports)),
    };
  }

  private async run(team: string, input: FirstPaintRequest, shape: ReturnType<typeof describePorts>, ports: unknown): Promise<FirstPaint | null> {
    const { port1, port2 } = new MessageChannel();
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const request: FastifyRequest = input.request;
    const stop = answerPortCalls(port1, flag, ports, request);
    try {
      const task: FirstPaintTask = { team, input: { ...input, request: requestFacts(request) }, shape, port: port2, flag };
      const result = await this.pool.run(task, { transferList: [port2] });
      renderCacheStats.hits += result.renders.hits;
      renderCacheStats.renders += result.renders.renders;
      return result.paint;
    } finally {
      stop();
    }
  }

  private enqueue(team: string, task: () => Promise<FirstPaint | null>): Promise<FirstPaint | null> {
    return new Promise((resolve, reject) => {
      const lane = this.lanes.get(team) ?? [];
      this.lanes.set(team, lane);
      const waiting: Waiting = {
        task,
        resolve,
        reject,
        timer: setTimeout(() => {
          const at = lane.indexOf(waiting);
          if (at >= 0) lane.splice(at, 1);
          resolve(null);
        }, this.options.maxWaitMs),
      };
      lane.push(waiting);
      this.next();
    });
  }

  /** Starts the lanes' next renders while there are free places, offering each lane its turn. */
  private next(): void {
    const places = this.options.threads * RENDERS_PER_THREAD;
    while (this.running < places) {
      const teams = [...this.lanes.keys()];
      let started = false;
      for (let i = 0; i < teams.length && !started; i += 1) {
        const team = teams[(this.turn + i) % teams.length]!;
        const lane = this.lanes.get(team)!;
        const own = this.runningByLane.get(team) ?? 0;
        if (lane.length === 0 || own >= this.options.threads) continue;
        this.turn = (this.turn + i + 1) % teams.length;
        const waiting = lane.shift()!;
        clearTimeout(waiting.timer);
        this.running += 1;
        this.runningByLane.set(team, own + 1);
        started = true;
        waiting
          .task()
          .then(waiting.resolve, waiting.reject)
          .finally(() => {
            this.running -= 1;
            this.runningByLane.set(team, (this.runningByLane.get(team) ?? 1) - 1);
            this.next();
          });
      }
      if (!started) return;
    }
  }

  /** Renders running and waiting, for health reports and tests. */
  get load(): { running: number; waiting: number } {
    let waiting = 0;
    for (const lane of this.lanes.values()) waiting += lane.length;
    return { running: this.running, waiting };
  }

  close(): Promise<void> {
    for (const lane of this.lanes.values()) {
      for (const waiting of lane.splice(0)) {
        clearTimeout(waiting.timer);
        waiting.resolve(null);
      }
    }
    return this.pool.close({ force: true });
  }
}
