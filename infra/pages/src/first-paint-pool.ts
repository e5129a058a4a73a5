import { MessageChannel } from 'node:worker_threads';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { Piscina } from 'piscina';
import type { FirstPaint, FirstPaintRenderer, FirstPaintRequest } from '@forecourt/shared-config/server';
import { renderCacheStats } from '@forecourt/shared-config/server/render';
import { poolWorkerScript } from '@forecourt/runtime/worker-script';
import { answerPortCalls, describePorts, requestFacts } from './first-paint-ports';
import type { FirstPaintTask, FirstPaintTaskResult, FirstPaintThreadData, WarmTask } from './first-paint-worker';

export interface FirstPaintPoolOptions {
  /** Render threads for pages without a query (FORECOURT_FIRST_PAINT_THREADS). */
  threads: number;
  /** Render threads for pages with a query (`queryPageThreads`). */
  queryThreads: number;
  /**
   * The longest a render waits for a thread (FORECOURT_FIRST_PAINT_BUDGET_MS): its page has been
   * sent without it by then, so it is dropped from the queue rather than rendered for nobody.
   */
  maxWaitMs: number;
}

/**
 * Threads of their own for pages with a query, beside `threads` for the others: half as many,
 * at least one.
 */
export function queryPageThreads(threads: number): number {
  return threads === 0 ? 0 : Math.max(1, Math.round(threads / 2));
}

/**
 * The scheduling priority (a nice value) of the threads rendering pages with a query: 10, as the
 * search workers'. Those pages are as many as clients choose to ask, each a new render; the
 * others are a site's finite pages, mostly from the render cache, and a shopper opening a car
 * waits on them. At 10 the scheduler gives a thread at 0 about nine tenths of a core both want,
 * so twenty clients asking new searches slow their own pages, not every shopper's car page.
 */
export const QUERY_PAGE_PRIORITY = 10;

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
 * One set of render threads (piscina) and its lanes: each team has a lane of its own, and a free
 * place goes to the lanes in turn, so a team's render waits behind at most the renders already
 * running, never behind a queue of another team's. A lane runs at most one render per thread, so
 * one team never holds every place.
 */
class RenderThreads {
  readonly pool: Piscina<FirstPaintTask | WarmTask, FirstPaintTaskResult>;
  private readonly lanes = new Map<string, Waiting[]>();
  private readonly runningByLane = new Map<string, number>();
  private running = 0;
  /** The lane the next free place is offered to first (round robin). */
  private turn = 0;

  constructor(
    readonly threads: number,
    private readonly maxWaitMs: number,
    priority: number,
  ) {
    this.pool = new Piscina({
      ...poolWorkerScript(path.join(__dirname, 'first-paint-worker.ts'), 'first-paint-worker'),
      workerData: { priority } satisfies FirstPaintThreadData,
      minThreads: threads,
      maxThreads: threads,
      concurrentTasksPerWorker: RENDERS_PER_THREAD,
      // Threads stay: each loads React and every team's pages, seconds of work on a busy machine.
      idleTimeout: Number.MAX_SAFE_INTEGER,
    });
  }

  async ready(): Promise<void> {
    await Promise.all(Array.from({ length: this.threads }, () => this.pool.run({ warm: true })));
  }

  enqueue(team: string, task: () => Promise<FirstPaint | null>): Promise<FirstPaint | null> {
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
        }, this.maxWaitMs),
      };
      lane.push(waiting);
      this.next();
    });
  }

  /** Starts the lanes' next renders while there are free places, offering each lane its turn. */
  private next(): void {
    const places = this.threads * RENDERS_PER_THREAD;
    while (this.running < places) {
      const teams = [...this.lanes.keys()];
      let started = false;
      for (let i = 0; i < teams.length && !started; i += 1) {
        const team = teams[(this.turn + i) % teams.length]!;
        const lane = this.lanes.get(team)!;
        const own = this.runningByLane.get(team) ?? 0;
        if (lane.length === 0 || own >= this.threads) continue;
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

/**
 * The teams' first paints, rendered on threads of their own (piscina) instead of the request
 * thread. A render's React work is synchronous: a search page with filters no page asked before
 * is two renders of 60 to 70 ms together, and on the request thread every other shopper's request
 * waited behind it at each of its steps (a car page has six to eight), so twenty such pages at
 * once took another shopper's car page past 300 ms.
 *
 * Pages with a query (a search page's filters, sort and page) render on threads of their own.
 * Each is a new render, as many as clients care to ask, while a page without a query is one of a
 * site's finite pages that the thread's render cache mostly answers in a millisecond or two. On
 * shared threads a car page waited for the search render in hand to finish (one thread on a
 * 2-core machine, twenty clients asking new searches: another shopper's car page at p99 160 to
 * 220 ms on PostgreSQL); on a thread of its own it waits for nothing but the CPU. The cost is one
 * more thread's memory (React and every team's pages), and on a 2-core machine three threads
 * that may want the CPU at once, which the query pages' gate (query-page-gate.ts) keeps in check.
 *
 * How many renders a lane may hold at once (running and waiting) is
 * FORECOURT_FIRST_PAINT_CONCURRENCY, counted by the caller (first-paint.ts); past it the page
 * goes without its app's first paint.
 */
export class FirstPaintPool {
  private readonly pages: RenderThreads;
  private readonly queries: RenderThreads;

  constructor(options: FirstPaintPoolOptions) {
    this.pages = new RenderThreads(options.threads, options.maxWaitMs, 0);
    this.queries = new RenderThreads(options.queryThreads, options.maxWaitMs, QUERY_PAGE_PRIORITY);
  }

  /**
   * Resolves once the threads have loaded React and the teams' pages (seconds on a busy machine):
   * the server waits for it before it listens, or its first pages would wait past their budget
   * and go without their first paint.
   */
  async ready(): Promise<void> {
    await Promise.all([this.pages.ready(), this.queries.ready()]);
  }

  /**
   * The renderer of `team`'s first paints on the pool: the team's `firstPaint` in a render
   * thread, with `ports` (the same the team's plugin was given) answering there.
   */
  renderer(team: string, version: string, ports: unknown): FirstPaintRenderer {
    const shape = describePorts(ports);
    return {
      version,
      render: (input) => {
        const threads = input.url.includes('?') ? this.queries : this.pages;
        return threads.enqueue(team, () => this.run(threads, team, input, shape, ports));
      },
    };
  }

  private async run(
    threads: RenderThreads,
    team: string,
    input: FirstPaintRequest,
    shape: ReturnType<typeof describePorts>,
    ports: unknown,
  ): Promise<FirstPaint | null> {
    const { port1, port2 } = new MessageChannel();
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const request: FastifyRequest = input.request;
    const stop = answerPortCalls(port1, flag, ports, request);
    try {
      const task: FirstPaintTask = {
        team,
        input: { ...input, request: requestFacts(request) },
        shape,
        port: port2,
        flag,
      };
      const result = await threads.pool.run(task, { transferList: [port2] });
      renderCacheStats.hits += result.renders.hits;
      renderCacheStats.renders += result.renders.renders;
      return result.paint;
    } finally {
      stop();
    }
  }

  /** Renders running and waiting, for health reports and tests. */
  get load(): { running: number; waiting: number } {
    const pages = this.pages.load;
    const queries = this.queries.load;
    return { running: pages.running + queries.running, waiting: pages.waiting + queries.waiting };
  }

  close(): Promise<void> {
    return Promise.all([this.pages.close(), this.queries.close()]).then(() => undefined);
  }
}
