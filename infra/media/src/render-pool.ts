import os from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { poolWorkerScript } from '@forecourt/runtime/worker-script';
import type { RenderJob } from './render-worker';

/** The pool's queue is full: the caller should answer 503 with Retry-After. */
export class RenderPoolBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('The image renderer is busy; retry shortly');
    this.name = 'RenderPoolBusyError';
  }
}

export interface RenderPoolOptions {
  /** Worker threads (default: one fewer than the cores, at least one, so a core stays for requests). */
  threads?: number;
  /** Jobs that may wait for a thread before new ones are refused (default 32). */
  maxQueue?: number;
}

/**
 * Renders pictures off the main thread in a bounded pool (piscina). From source the worker is
 * TypeScript and its threads get the loader the server runs under (`npm start`, the CLI, the
 * tests); in production they load the worker's own bundle.
 */
export class RenderPool {
  private readonly pool: Piscina<RenderJob, Uint8Array>;

  constructor(options: RenderPoolOptions = {}) {
    const threads = options.threads ?? Math.max(1, os.availableParallelism() - 1);
    this.pool = new Piscina({
      ...poolWorkerScript(path.join(__dirname, 'render-worker.ts'), 'render-worker'),
      // Threads start with the first picture asked for, not with the app: a thread loading the
      // renderer costs about 0.2 s of CPU, which every app a test builds paid for no picture.
      minThreads: 0,
      maxThreads: threads,
      maxQueue: options.maxQueue ?? 32,
      idleTimeout: 60_000,
    });
  }

  async render(job: RenderJob): Promise<Buffer> {
    if (this.pool.queueSize >= this.pool.options.maxQueue) throw new RenderPoolBusyError(1);
    const data = await this.pool.run(job);
    return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  }

  /** Threads busy and jobs waiting, for health reports and benchmarks. */
  get load(): { threads: number; queued: number } {
    return { threads: this.pool.threads.length, queued: this.pool.queueSize };
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
