/**
 * Searches off the request thread: worker threads each holding the whole `IndexStore`, loaded from
 * the same bytes as the on-disk snapshot (`engine/snapshot.ts`) in one SharedArrayBuffer. Each
 * worker decodes the index structures into its own heap, but the records' text (most of the
 * bytes) stays in the shared buffer, one copy for every thread. Right after a restart the workers
 * load the very bytes the snapshot file was read into, so nothing is encoded again.
 *
 * Writes stay on the request thread, on the authoritative store. The workers answer only while
 * their copy is the store as it is now (`current`: the store's stamp equals the one they loaded);
 * after a write the very next searches run on the request thread, as without workers, and the
 * workers are reloaded once writes pause. So a write is visible to the next search without
 * forwarding each write to each worker, at the cost of reloading the copies (about a second of
 * encoding on the request thread at 100,000 cars) after a burst of writes.
 *
 * Hand-written rather than piscina: every worker must hold the same state and be reloaded
 * together, which a task pool does not model.
 */
import os from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { workerThreadScript } from '@forecourt/runtime/worker-script';
import { badRequest, SearchError } from '../engine/errors';
import { normalizeParams } from '../engine/params';
import { IndexStore, SearchTimeError } from '../engine/search-index';
import { decodeSnapshot, encodeSnapshotShared } from '../engine/snapshot';

/** One search as the request thread checked it: the key's restrictions travel with it. */
export interface SearchTask {
  indexName: string;
  input: Record<string, unknown>;
  restrictions: { filters?: string; params: Record<string, string> } | null;
  /** Asked with a search key (a shopper's page): held to `SHOPPER_QUERY_LIMITS`. */
  shopper?: boolean;
}

/**
 * What a shopper's page ever asks, and all a search key gets. A results page shows at most 100
 * cars (the tenant setting's bound) and facet lists at most 100 values: per query these are
 * clamped, as a page never asks more. Per request: a page asks one query with hits and the rest
 * (InstantSearch's one per refined facet) with none, so at most `hitsPerRequest` hits across its
 * queries (the saved-cars page asks 100 cars a request), and its answer is well under
 * `responseBytes` (a results page of 100 cars with every facet is about 230 KB); past either the
 * request is refused 400 naming the field. A page's own key asking eight queries of 1,000 hits
 * with every facet's 1,000 values built 3.8 MB a request and took the cores from every other
 * shopper; Algolia's own bounds (1,000 hits, 8 MiB) stay for the admin key.
 */
export const SHOPPER_QUERY_LIMITS = {
  hitsPerPage: 100,
  maxValuesPerFacet: 100,
  length: 100,
  hitsPerRequest: 100,
  responseBytes: 1024 * 1024,
} as const;

const atMost = (value: number | undefined, limit: number) => (value === undefined ? undefined : Math.min(value, limit));

/** One serialised answer, and whether it may be cached (it carries no fresh `queryID`). */
export interface Answer {
  json: string;
  cacheable: boolean;
  /** The search's hit count (null when its `responseFields` left it out): what the service's observer is told. */
  nbHits: number | null;
}

/** The time a request's searches may take, and when it ends on the thread running them. */
export interface TimeBudget {
  ms: number;
  deadline: number;
}

export const timeBudget = (ms: number): TimeBudget => ({ ms, deadline: performance.now() + ms });

/** A request's searches ran past their time budget: answered 429 in Algolia's shape. */
export const pastBudget = (ms: number): SearchError =>
  new SearchError(429, `The search ran past its ${ms} ms time budget: retry with fewer queries or fewer words`);

/** The parameters a search runs with: the key's own parameters override the request's. */
export function taskParams(task: SearchTask): ReturnType<typeof normalizeParams> {
  const { restrictions } = task;
  const params = normalizeParams(task.input);
  const effective =
    restrictions && Object.keys(restrictions.params).length > 0
      ? normalizeParams({ ...params.raw, ...restrictions.params })
      : params;
  if (!task.shopper) return effective;
  return {
    ...effective,
    hitsPerPage: atMost(effective.hitsPerPage, SHOPPER_QUERY_LIMITS.hitsPerPage),
    maxValuesPerFacet: atMost(effective.maxValuesPerFacet, SHOPPER_QUERY_LIMITS.maxValuesPerFacet),
    length: atMost(effective.length, SHOPPER_QUERY_LIMITS.length),
  };
}

/** Runs one search: the key's own parameters override the request's, its filters are ANDed. */
export function answerSearch(store: IndexStore, task: SearchTask, budget?: TimeBudget): Answer {
  const index = store.require(task.indexName);
  const effective = taskParams(task);
  try {
    const response = index.searchWith(effective, {
      extraFilters: task.restrictions?.filters,
      deadline: budget?.deadline,
    });
    return {
      json: JSON.stringify(response),
      cacheable: effective.clickAnalytics !== true,
      nbHits: typeof response['nbHits'] === 'number' ? response['nbHits'] : null,
    };
  } catch (error) {
    if (error instanceof SearchTimeError && budget) throw pastBudget(budget.ms);
    throw error;
  }
}

/**
 * Answers one by one and stops at the response budget, so an amplification request costs at
 * most one search past the budget rather than building tens of megabytes first.
 */
export function answersWithin(count: number, budget: number, answer: (i: number) => Answer): Answer[] {
  const out: Answer[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const part = answer(i);
    bytes += Buffer.byteLength(part.json);
    if (bytes > budget) {
      throw badRequest(
        `The answer would exceed ${budget / 1024 / 1024} MiB: ask for fewer hits (hitsPerPage) or attributes (attributesToRetrieve)`,
      );
    }
    out.push(part);
  }
  return out;
}

/**
 * The workers' scheduling priority (a nice value: 0 is the request thread's, 19 the lowest). At
 * 10 the scheduler gives the request thread about nine tenths of a core both want.
 */
const WORKER_PRIORITY = 10;

type Outgoing =
  | { type: 'load'; bytes: SharedArrayBuffer; length: number }
  | { type: 'search'; tasks: SearchTask[]; budget: number; timeMs: number };
type Request = Outgoing & { id: number };
type Reply = { id: number; answers?: Answer[]; error?: { status: number; message: string } };

interface Thread {
  worker: Worker;
  inFlight: number;
  /** Costly requests sent to this thread and not yet answered. */
  costlyInFlight: number;
}

export class SearchPool {
  private readonly threads: Thread[] = [];
  private readonly pending = new Map<
    number,
    { resolve: (answers: Answer[]) => void; reject: (error: Error) => void }
  >();
  private nextId = 1;
  private turn = 0;
  private loadedStamp: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private loadInFlight: Promise<void> | null = null;
  private failure: Error | null = null;
  private closed = false;

  constructor(
    private readonly store: IndexStore,
    size: number,
    /** Quiet time after a write before the workers are reloaded. */
    private readonly reloadDelayMs = 500,
    /** Called each time every worker holds the store as it is now. */
    private readonly onLoaded?: () => void,
    /**
     * The snapshot bytes the store was just restored from (and its stamp then): the first load
     * hands them over as they are while the store has not changed since.
     */
    private restored: { stamp: string; bytes: Buffer } | null = null,
  ) {
    for (let i = 0; i < size; i++) {
      // The thread loads this same file (from source, or its own bundle in production).
      const { script, eval: evaluate } = workerThreadScript(__filename, 'search-worker');
      const worker = new Worker(script, { eval: evaluate, workerData: { searchWorker: true } });
      worker.on('message', (reply: Reply) => this.settle(reply));
      worker.on('error', (error) => this.fail(new Error(`A search worker stopped: ${error.message}`)));
      worker.on('exit', (code) => {
        if (!this.closed) this.fail(new Error(`A search worker exited with ${code}`));
      });
      this.threads.push({ worker, inFlight: 0, costlyInFlight: 0 });
    }
  }

  /** Whether a load into the workers is under way (the restored snapshot's after a start, or a reload). */
  get loading(): boolean {
    return this.loadInFlight !== null;
  }

  /** Whether the workers hold the store as it is now (and so may answer its searches). */
  get current(): boolean {
    return this.failure === null && !this.closed && this.loadedStamp === this.store.stamp();
  }

  /**
   * The store changed (or the workers are empty): reload them once writes pause, i.e. once the
   * store's stamp stayed the same for `reloadDelayMs` (a rebuild writing for minutes reloads once,
   * at its end; until then searches run on the request thread).
   */
  stale(): void {
    if (this.closed || this.failure || this.timer || this.current) return;
    const armedAt = this.store.stamp();
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.store.stamp() !== armedAt) this.stale();
      // A load already under way (the restored snapshot's) may have caught up meanwhile:
      // encoding the store again would hold the request thread for nothing (seconds at 100,000 cars).
      else if (!this.current) void this.reload().catch(() => undefined);
    }, this.reloadDelayMs);
    this.timer.unref();
  }

  /** Loads the store as it is now into every worker; resolves once all of them hold it. */
  async reload(): Promise<void> {
    if (this.loadInFlight) {
      await this.loadInFlight;
      if (!this.current) this.stale();
      return;
    }
    const stamp = this.store.stamp();
    const restored = this.restored;
    this.restored = null;
    let load: { bytes: SharedArrayBuffer; length: number };
    if (
      restored?.stamp === stamp &&
      restored.bytes.buffer instanceof SharedArrayBuffer &&
      restored.bytes.byteOffset === 0
    ) {
      load = { bytes: restored.bytes.buffer, length: restored.bytes.length };
    } else {
      const bytes = encodeSnapshotShared(this.store);
      load = { bytes, length: bytes.byteLength };
    }
    this.loadInFlight = Promise.all(this.threads.map((t) => this.call(t, { type: 'load', ...load })))
      .then(() => {
        this.loadedStamp = stamp;
        this.onLoaded?.();
      })
      .finally(() => {
        this.loadInFlight = null;
      });
    await this.loadInFlight;
    if (this.store.stamp() !== stamp) this.stale();
  }

  /**
   * How many threads take costly requests: all but one when there are several. A thread answers
   * its messages in order, so a light search (a shopper's page) sent behind costly ones would wait
   * for them; the last thread is kept for light searches, which therefore never wait behind more
   * than other light searches, whatever an attacker sends.
   */
  get costlyThreads(): number {
    return Math.max(1, this.threads.length - 1);
  }

  /**
   * Runs the searches in the least busy worker that may take them (taking turns among equally busy
   * ones): a costly request in one of the first `costlyThreads`, a light one preferably in a
   * thread with no costly request. Only while `current`. `timeMs` (none by default) counts from
   * when the worker starts them: time waiting behind other requests does not count.
   */
  run(tasks: SearchTask[], budget: number, timeMs = Infinity, costly = false): Promise<Answer[]> {
    const n = costly ? this.costlyThreads : this.threads.length;
    // Light: a thread free of costly work first, then the fewest requests; costly: the fewest.
    const load = (t: Thread) => (costly ? t.inFlight : (t.costlyInFlight > 0 ? 1_000_000 : 0) + t.inFlight);
    let thread = this.threads[this.turn % n] as Thread;
    for (let k = 1; k < n; k++) {
      const t = this.threads[(this.turn + k) % n] as Thread;
      if (load(t) < load(thread)) thread = t;
    }
    this.turn++;
    if (!costly) return this.call(thread, { type: 'search', tasks, budget, timeMs });
    thread.costlyInFlight++;
    return this.call(thread, { type: 'search', tasks, budget, timeMs }).finally(() => {
      thread.costlyInFlight--;
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
    this.fail(new Error('The search workers are closed'));
  }

  private call(thread: Thread, request: Outgoing): Promise<Answer[]> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    thread.inFlight++;
    return new Promise<Answer[]>((resolve, reject) => {
      this.pending.set(id, {
        resolve: (answers) => {
          thread.inFlight--;
          resolve(answers);
        },
        reject: (error) => {
          thread.inFlight--;
          reject(error);
        },
      });
      thread.worker.postMessage({ ...request, id } as Request);
    });
  }

  private settle(reply: Reply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (reply.error) waiting.reject(new SearchError(reply.error.status, reply.error.message));
    else waiting.resolve(reply.answers ?? []);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

/** The worker's side: a store copy, replaced whole by `load`, and searches over it. */
function serveInWorker(): void {
  const port = parentPort;
  if (!port) return;
  // The request thread goes first: a costly search must not take the cores it needs to answer
  // health and light requests (on Linux a thread's priority is its own).
  try {
    os.setPriority(WORKER_PRIORITY);
  } catch {
    // A platform refusing it only loses that preference.
  }
  let store = new IndexStore();
  port.on('message', (request: Request) => {
    let reply: Reply;
    try {
      if (request.type === 'load') {
        // The request thread verified these bytes (or encoded them itself).
        store = decodeSnapshot(Buffer.from(request.bytes, 0, request.length), { verify: false }).store;
        reply = { id: request.id, answers: [] };
      } else {
        const { tasks, budget } = request;
        const time = timeBudget(request.timeMs);
        reply = {
          id: request.id,
          answers: answersWithin(tasks.length, budget, (i) => answerSearch(store, tasks[i] as SearchTask, time)),
        };
      }
    } catch (error) {
      // Bad parameters answer 400 exactly as on the request thread; anything else is a 500.
      reply = {
        id: request.id,
        error:
          error instanceof SearchError
            ? { status: error.status, message: error.message }
            : { status: 500, message: 'Internal error' },
      };
    }
    port.postMessage(reply);
  });
}

if (!isMainThread && (workerData as { searchWorker?: boolean } | null)?.searchWorker === true) serveInWorker();
