/**
 * A team's ports, reached from a first-paint render thread (first-paint-pool.ts): the render runs
 * the team's own `firstPaint(input, ports)` there, and every port call it makes is sent over a
 * MessagePort to the request thread, which calls the real port and sends the answer back.
 *
 * Ports are not all asynchronous (the clock, a site's settings, mf-search's store of learnt
 * queries answer at once), and a team's code calls them as written. So each call waits, blocked
 * on a shared flag (Atomics.wait), for the request thread's first word: the value of a port that
 * answered at once, or that an answer is pending, when the call returns a promise settled by a
 * later message. A render thread blocked like this holds no other work than its own renders.
 *
 * The request (a FastifyRequest) cannot cross threads: the render gets a stand-in with what a
 * render reads of it (`RequestFacts`), and a port given the stand-in is given the real request.
 */
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { FastifyRequest } from 'fastify';

/** What a render reads of its request; the rest stays on the request thread. */
export interface RequestFacts {
  id: string;
  method: string;
  url: string;
  host: string;
  hostname: string;
  protocol: 'http' | 'https';
  siteOrigin?: string;
}

export function requestFacts(request: FastifyRequest): RequestFacts {
  return {
    id: String(request.id),
    method: request.method,
    url: request.url,
    host: request.host,
    hostname: request.hostname,
    protocol: request.protocol,
    ...(request.siteOrigin !== undefined ? { siteOrigin: request.siteOrigin } : {}),
  };
}

/**
 * The shape of a team's ports as the render thread rebuilds them: which members are functions
 * (called over the port), which are objects of such members (a store, a requester), and which
 * are plain values, copied. A member the ports lack stays absent there too, so a team's
 * `ports.searchRequester ? ... : ...` reads the same on both threads.
 */
export type PortShape = { fn: true } | { object: Record<string, PortShape> } | { value: unknown };

const isPlainData = (value: unknown) =>
  value === null || typeof value !== 'object' || value instanceof Date || Array.isArray(value);

/** Every method and property of an object, its class's methods included (an LRU cache's get and set). */
function membersOf(object: object): string[] {
  const names = new Set<string>(Object.keys(object));
  for (
    let proto = Object.getPrototypeOf(object) as object | null;
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name === 'constructor') continue;
      const descriptor = Object.getOwnPropertyDescriptor(proto, name);
      if (descriptor && typeof descriptor.value === 'function') names.add(name);
    }
  }
  return [...names];
}

export function describePorts(value: unknown, depth = 0): PortShape {
  if (typeof value === 'function') return { fn: true };
  if (isPlainData(value) || depth >= 3) return { value };
  const object: Record<string, PortShape> = {};
  for (const name of membersOf(value as object)) {
    const member = (value as Record<string, unknown>)[name];
    if (member !== undefined) object[name] = describePorts(member, depth + 1);
  }
  return { object };
}

/** A call from the render thread: the member's path from the ports, and its arguments. */
interface PortCall {
  id: number;
  path: string[];
  args: unknown[];
}

/** A log line the render wrote on its request's logger. */
interface PortLog {
  log: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
  args: unknown[];
}

/** The request thread's first word on a call (`now`), and the settlement of a pending one. */
type PortReply =
  | { id: number; now: true; value: unknown }
  | { id: number; now: true; pending: true }
  | { id: number; now?: false; value: unknown }
  | { id: number; now?: boolean; error: unknown };

/** Where the request stand-in was in a call's arguments. */
const REQUEST = { forecourtFirstPaintRequest: true } as const;
const isRequestMark = (value: unknown) =>
  typeof value === 'object' && value !== null && (value as Record<string, unknown>).forecourtFirstPaintRequest === true;

/** An error as it can cross threads: its message and name, not its class. */
function cloneableError(error: unknown): unknown {
  if (error instanceof Error) return Object.assign(new Error(error.message), { name: error.name });
  return error;
}

/**
 * The request thread's side of one render: answers the render's port calls with the real `ports`,
 * `request` standing for the stand-in wherever the render passed it. Returns what stops it.
 */
export function answerPortCalls(
  port: MessagePort,
  flag: Int32Array,
  ports: unknown,
  request: FastifyRequest,
): () => void {
  const send = (reply: PortReply) => {
    try {
      port.postMessage(reply);
    } catch (error) {
      // An answer that cannot cross threads (a function, a class instance with private state) is
      // an error of the port, for the render to meet as any other.
      port.postMessage({ id: reply.id, ...(reply.now ? { now: true } : {}), error: cloneableError(error) });
    }
    if (reply.now) {
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
    }
  };
  port.on('message', (message: PortCall | PortLog) => {
    if ('log' in message) {
      const log = request.log;
      (log[message.log] as (...args: unknown[]) => void).apply(log, message.args);
      return;
    }
    const { id, path, args } = message;
    let result: unknown;
    try {
      let self: unknown = undefined;
      let member: unknown = ports;
      for (const name of path) {
        self = member;
        member = (member as Record<string, unknown>)[name];
      }
      if (typeof member !== 'function') throw new TypeError(`${path.join('.')} is not a port`);
      result = (member as (...a: unknown[]) => unknown).apply(
        self,
        args.map((arg) => (isRequestMark(arg) ? request : arg)),
      );
    } catch (error) {
      send({ id, now: true, error: cloneableError(error) });
      return;
    }
    if (result === null || typeof (result as { then?: unknown } | undefined)?.then !== 'function') {
      send({ id, now: true, value: result });
      return;
    }
    send({ id, now: true, pending: true });
    (result as Promise<unknown>).then(
      (value) => send({ id, value }),
      (error: unknown) => send({ id, error: cloneableError(error) }),
    );
  });
  return () => port.close();
}

/** The longest a render thread waits for the request thread's first word on a port call. */
const FIRST_WORD_MS = 10_000;

/**
 * The render thread's side: the ports as `shape` describes them, each call sent over `port`, and
 * the request's stand-in (`facts`, and its logger writing on the real request's).
 */
export function portsOverThreads(
  port: MessagePort,
  flag: Int32Array,
  shape: PortShape,
  facts: RequestFacts,
): { ports: unknown; request: FastifyRequest; close: () => void } {
  let next = 0;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const settle = (reply: PortReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if ('error' in reply) waiting.reject(reply.error);
    else if ('value' in reply) waiting.resolve(reply.value);
  };
  port.on('message', settle);

  const log =
    (level: PortLog['log']) =>
    (...args: unknown[]) => {
      try {
        port.postMessage({ log: level, args } satisfies PortLog);
      } catch {
        port.postMessage({
          log: level,
          args: args.map((arg) =>
            arg instanceof Error ? cloneableError(arg) : typeof arg === 'string' ? arg : String(arg),
          ),
        } satisfies PortLog);
      }
    };
  const logger = {
    fatal: log('fatal'),
    error: log('error'),
    warn: log('warn'),
    info: log('info'),
    debug: log('debug'),
    trace: log('trace'),
  };
  const request = { ...facts, log: { ...logger, child: () => logger } } as unknown as FastifyRequest;

  /** The request thread's first word on call `id`, settling any earlier call's answer met on the way. */
  const firstWord = (id: number): PortReply => {
    const deadline = Date.now() + FIRST_WORD_MS;
    for (;;) {
      Atomics.store(flag, 0, 0);
      for (let received = receiveMessageOnPort(port); received; received = receiveMessageOnPort(port)) {
        const reply = received.message as PortReply;
        if (reply.id === id && reply.now) return reply;
        settle(reply);
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('the request thread did not answer a port call');
      Atomics.wait(flag, 0, 0, left);
    }
  };

  const call = (path: string[], args: unknown[]): unknown => {
    next += 1;
    const id = next;
    Atomics.store(flag, 0, 0);
    port.postMessage({ id, path, args: args.map((arg) => (arg === request ? REQUEST : arg)) } satisfies PortCall);
    const reply = firstWord(id);
    if ('error' in reply) throw reply.error;
    if ('pending' in reply) return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
    return reply.value;
  };

  const build = (part: PortShape, path: string[]): unknown => {
    if ('fn' in part) return (...args: unknown[]) => call(path, args);
    if ('value' in part) return part.value;
    return Object.fromEntries(
      Object.entries(part.object).map(([name, member]) => [name, build(member, [...path, name])]),
    );
  };
  return {
    ports: build(shape, []),
    request,
    close: () => {
      port.close();
      for (const waiting of pending.values())
        waiting.reject(new Error('the render ended before its port call was answered'));
      pending.clear();
    },
  };
}
