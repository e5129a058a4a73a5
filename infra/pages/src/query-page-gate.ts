import { performance } from 'node:perf_hooks';
import { LRUCache } from 'lru-cache';

/**
 * The request thread's event loop utilisation over the last sampling period (0 to 1), sampled
 * every `periodMs` by a timer that keeps no process alive. `measure` is Node's own reading; a
 * test passes one it controls.
 */
export function requestThreadLoad(
  periodMs = 100,
  measure: typeof performance.eventLoopUtilization = performance.eventLoopUtilization,
): { current: () => number; stop: () => void } {
  let last = measure();
  let value = 0;
  const timer = setInterval(() => {
    const now = measure();
    value = measure(now, last).utilization;
    last = now;
  }, periodMs);
  timer.unref();
  return { current: () => value, stop: () => clearInterval(timer) };
}

/**
 * The way in for pages that no cache can answer: a page with a query (a search page's filters,
 * sort and page number) is a new render each time, and its render holds the request thread (a
 * search page's search and React render, 15 to 30 ms here). Twenty clients asking such pages in
 * a loop kept the thread busy and every other shopper's page waited behind them (health p99 0.5 s,
 * a car page's 1.2 s). Each address gets such pages at a steady rate with a small burst, the
 * excess waiting for its turn (as a balancer's request-rate limit with delay does), and an instance
 * renders only a few at once, and a second one only while the request thread has room (`busy`).
 * A page that would wait longer than `maxWaitMs` is refused: 429 when its own address asked too
 * often, 503 when the instance is full.
 *
 * Written here rather than taken from a rate-limit library: those count requests in a window and
 * refuse the excess at once, and a refusal that comes back at once is asked again at once (the
 * drill's clients turned 14,000 refusals into a busier thread than the pages they replaced). The
 * pacing is the generic cell rate algorithm: each address has a theoretical arrival time, which
 * each admitted page moves one interval on.
 */
export interface QueryPageGateOptions {
  /** Pages an address may have each second, steadily. */
  perSecond: number;
  /** Pages an address may have at once before the pacing starts. */
  burst: number;
  /** Such pages an instance renders at once. */
  atOnce: number;
  /** The longest a page waits for its turn (its address's pace, then a free render) before it is refused. */
  maxWaitMs: number;
  /**
   * Whether the request thread is too busy to start another such render now (its recent event
   * loop utilisation past a limit, `requestThreadLoad`): the page waits until it is not, so the
   * renders take what the thread has spare and the pages of other shoppers keep their pace.
   * One render may always run, so the gate never stops on its own.
   */
  busy?: () => boolean;
  now?: () => number;
}

/** How often a page that waits because the request thread is busy looks again. */
const BUSY_RECHECK_MS = 25;

export type GateAnswer =
  { admitted: true; release: () => void } | { admitted: false; reason: 'address' | 'busy'; retryAfterSeconds: number };

export class QueryPageGate {
  /** Each address's theoretical arrival time (ms); addresses not seen for a minute are forgotten. */
  private readonly arrivals = new LRUCache<string, number>({ max: 50_000, ttl: 60_000 });
  private running = 0;
  private readonly waiting: Array<{ deadline: number; admit: () => void }> = [];
  private recheck: NodeJS.Timeout | undefined;
  private readonly now: () => number;

  constructor(private readonly options: QueryPageGateOptions) {
    this.now = options.now ?? Date.now;
  }

  async enter(address: string): Promise<GateAnswer> {
    const interval = 1000 / this.options.perSecond;
    const tolerance = (this.options.burst - 1) * interval;
    const now = this.now();
    const arrival = Math.max(this.arrivals.get(address) ?? now, now);
    const paceWait = arrival - tolerance - now;
    if (paceWait > this.options.maxWaitMs)
      return { admitted: false, reason: 'address', retryAfterSeconds: Math.max(1, Math.ceil(paceWait / 1000)) };
    this.arrivals.set(address, arrival + interval);
    const deadline = now + this.options.maxWaitMs;
    if (paceWait > 0) await new Promise((resolve) => setTimeout(resolve, paceWait));
    return this.take(deadline);
  }

  /** A render slot, or a refusal once the page has waited until its deadline. */
  private take(deadline: number): Promise<GateAnswer> {
    const admitted = (): GateAnswer => {
      this.running += 1;
      let released = false;
      return {
        admitted: true,
        release: () => {
          if (released) return;
          released = true;
          this.running -= 1;
          this.next();
        },
      };
    };
    if (this.hasRoom() && this.waiting.length === 0) return Promise.resolve(admitted());
    const wait = deadline - this.now();
    if (wait <= 0) return Promise.resolve({ admitted: false, reason: 'busy', retryAfterSeconds: 1 });
    return new Promise((resolve) => {
      const entry = {
        deadline,
        admit: () => {
          clearTimeout(timer);
          resolve(admitted());
        },
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(entry);
        if (at >= 0) this.waiting.splice(at, 1);
        resolve({ admitted: false, reason: 'busy', retryAfterSeconds: 1 });
      }, wait);
      this.waiting.push(entry);
      this.next();
    });
  }

  private hasRoom(): boolean {
    return this.running === 0 || (this.running < this.options.atOnce && !this.options.busy?.());
  }

  private next(): void {
    while (this.hasRoom() && this.waiting.length > 0) this.waiting.shift()!.admit();
    // Waiting for the thread to be less busy rather than for a release: look again shortly.
    if (this.waiting.length > 0 && this.running < this.options.atOnce && !this.recheck) {
      this.recheck = setTimeout(() => {
        this.recheck = undefined;
        this.next();
      }, BUSY_RECHECK_MS);
    }
  }
}
