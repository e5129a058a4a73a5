import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, request } from 'undici';

/**
 * Requests to addresses a stranger chose: a dealer's feed URL today, its photos later. Whoever
 * writes the URL must not reach what only the platform can: the database, the cloud's metadata
 * service (169.254.169.254), another instance's admin routes on loopback, anything on the private
 * network. So every connection is checked against the address it is actually made to, at the
 * moment it is made, not against the URL's text: a name can resolve to a public address when it
 * is checked and to 127.0.0.1 a second later when it is connected to (DNS rebinding), and a
 * redirect can point anywhere. The check sits in the dispatcher's connect step (every resolved
 * address of a name, an address written in the URL, and the socket's peer once connected), so
 * each redirect hop and each new connection of the pool passes through it again.
 */

/** A resolver as node:dns's `lookup` with `all: true` answers (tests give names addresses of their own). */
export type Resolve = (hostname: string) => Promise<ReadonlyArray<{ address: string; family: number }>>;

export interface OutboundPolicy {
  /** Loopback addresses may be fetched: development only, where a dealer's feed is a local file server. */
  allowLoopback: boolean;
  /** Host names fetched whatever they resolve to (an operator's decision, e.g. a partner on the private network). */
  allowHosts: readonly string[];
  /** How names are resolved (default the system's resolver). */
  resolve?: Resolve;
}

export interface OutboundLimits {
  /** The whole fetch: every hop's connection, headers and the body read to its end. */
  timeoutMs: number;
  /** The body's size: reading stops past it. */
  maxBytes: number;
  /** Redirects followed before giving up (default 5). */
  maxRedirects?: number;
  headers?: Record<string, string>;
}

export type OutboundProblem = 'refused' | 'scheme' | 'timeout' | 'too-large' | 'redirects' | 'unreachable';

/** A fetch that failed, with a message naming the URL and what was wrong, fit to show the URL's owner. */
export class OutboundError extends Error {
  readonly outbound = true;
  constructor(
    readonly problem: OutboundProblem,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export const isOutboundError = (error: unknown): error is OutboundError =>
  typeof error === 'object' && error !== null && (error as { outbound?: unknown }).outbound === true;

export interface OutboundResponse {
  status: number;
  /** The URL that answered, after redirects. */
  url: string;
  headers: Record<string, string | undefined>;
  /** The body a piece at a time, stopping with an OutboundError past the size or the time. */
  body: AsyncIterable<Buffer>;
  /** Lets go of the connection when the body is not read to its end. */
  discard(): void;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** What kind of address may not be connected to ('a private address'), or null when it may. */
export function addressRefusal(address: string, policy: Pick<OutboundPolicy, 'allowLoopback'>): string | null {
  if (!ipaddr.isValid(address)) return 'no address';
  let ip = ipaddr.parse(address);
  // ::ffff:127.0.0.1 is 127.0.0.1 to the kernel: judged as the IPv4 address it carries.
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  // Only the ordinary public ranges: private, loopback, link-local, unique-local, CGNAT, multicast,
  // unspecified, broadcast, the reserved and documentation ranges, and the IPv6 forms that carry an
  // IPv4 address of their own (6to4, Teredo, NAT64) are all refused.
  if (range === 'unicast') return null;
  if (range === 'loopback' && policy.allowLoopback) return null;
  return `a ${range.replace(/([A-Z])/g, ' $1').toLowerCase()} address`;
}

const refusedError = (message: string) =>
  Object.assign(new Error(message), { code: 'FORECOURT_REFUSED_ADDRESS', refusal: message });

const systemResolve: Resolve = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

const bare = (hostname: string) =>
  hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;

/**
 * The safe fetch of one policy: a pool of connections whose every connection is checked. One per
 * process and policy; close it with the app.
 */
export class OutboundFetch {
  private readonly agent: Agent;
  private readonly allowHosts: ReadonlySet<string>;

  constructor(private readonly policy: OutboundPolicy) {
    this.allowHosts = new Set(policy.allowHosts.map((host) => host.toLowerCase()));
    const resolve = policy.resolve ?? systemResolve;
    const allowed = (hostname: string) => this.allowHosts.has(hostname.toLowerCase());

    // Every address a name resolves to is checked, not only the first: the socket may try each
    // of them (happy eyeballs), and a name with one public and one private address is refused.
    const lookup = (
      hostname: string,
      options: dns.LookupOptions,
      callback: (error: Error | null, address: string | dns.LookupAddress[], family?: number) => void,
    ) => {
      resolve(hostname).then(
        (addresses) => {
          if (addresses.length === 0)
            return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
          if (!allowed(hostname)) {
            for (const { address } of addresses) {
              const refusal = addressRefusal(address, policy);
              if (refusal) return callback(refusedError(`${hostname} resolves to ${address}, ${refusal}`), []);
            }
          }
          const wanted =
            options.family === 4 || options.family === 6
              ? addresses.filter((a) => a.family === options.family)
              : addresses;
          if (options.all)
            return callback(
              null,
              wanted.map((a) => ({ address: a.address, family: a.family })),
            );
          const first = wanted[0];
          if (!first)
            return callback(
              Object.assign(new Error(`${hostname} has no IPv${String(options.family)} address`), {
                code: 'ENOTFOUND',
              }),
              [],
            );
          return callback(null, first.address, first.family);
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), []),
      );
    };
    const connectTimeout = 10_000;
    const base = buildConnector({ lookup, timeout: connectTimeout } as buildConnector.BuildOptions);

    this.agent = new Agent({
      connect: (options, callback) => {
        const hostname = bare(options.hostname);
        // An address in the URL is never looked up, so it is judged here, before any connection.
        if (net.isIP(hostname) && !allowed(hostname)) {
          const refusal = addressRefusal(hostname, policy);
          if (refusal) return callback(refusedError(`${hostname} is ${refusal}`), null);
        }
        base(options, (error, socket) => {
          if (error || !socket) return callback(error ?? new Error('no connection'), null);
          // The peer as the kernel reports it: whatever resolved what, this is where the bytes go.
          const peer = socket.remoteAddress;
          const refusal = allowed(hostname) ? null : peer === undefined ? 'no address' : addressRefusal(peer, policy);
          if (refusal) {
            socket.destroy();
            return callback(refusedError(`${hostname} connected to ${peer ?? 'no peer'}, ${refusal}`), null);
          }
          return callback(null, socket);
        });
      },
      // A connection per request, each checked as it is made: a pull is one request every few minutes.
      pipelining: 0,
    });
  }

  /**
   * GETs `url`, following redirects by hand (each hop through the same checked connections),
   * within the limits. Any answer that is not a redirect is returned, whatever its status: the
   * caller decides what a 304 or a 404 means. Throws an OutboundError naming the problem.
   */
  async get(url: string, limits: OutboundLimits): Promise<OutboundResponse> {
    const controller = new AbortController();
    const started = Date.now();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, limits.timeoutMs);
    timer.unref();
    const maxRedirects = limits.maxRedirects ?? 5;
    const original = url;
    const fail = (problem: OutboundProblem, message: string): never => {
      clearTimeout(timer);
      controller.abort();
      throw new OutboundError(problem, message);
    };
    const explain = (error: unknown, at: string): never => {
      if (timedOut) return fail('timeout', `${at} did not answer within ${limits.timeoutMs} ms`);
      const refusal = refusalIn(error);
      if (refusal) return fail('refused', `${at} was refused: ${refusal}; only public addresses are fetched`);
      return fail('unreachable', `${at} could not be reached: ${reasonOf(error)}`);
    };

    let current = url;
    for (let hop = 0; ; hop++) {
      let parsed: URL;
      try {
        parsed = new URL(current);
      } catch {
        return fail('scheme', `${current} is not a URL`);
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
        return fail('scheme', `${current} is not an http or https URL`);
      const at = current === original ? current : `${current} (a redirect from ${original})`;
      let response: Awaited<ReturnType<typeof request>>;
      try {
        response = await request(parsed, {
          method: 'GET',
          dispatcher: this.agent,
          signal: controller.signal,
          headers: { 'user-agent': 'Forecourt', ...limits.headers },
          headersTimeout: Math.max(1, limits.timeoutMs - (Date.now() - started)),
          bodyTimeout: limits.timeoutMs,
        });
      } catch (error) {
        return explain(error, at);
      }
      const location = response.headers.location;
      if (REDIRECTS.has(response.statusCode) && typeof location === 'string') {
        drop(response.body);
        if (hop >= maxRedirects) return fail('redirects', `${original} redirected more than ${maxRedirects} times`);
        current = new URL(location, parsed).toString();
        continue;
      }
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(response.headers))
        headers[name] = Array.isArray(value) ? value.join(', ') : value;
      const body = response.body;
      const declared = Number(headers['content-length']);
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        drop(body);
        return fail('too-large', `${at} is ${declared} bytes, more than the ${limits.maxBytes} a feed may be`);
      }
      const pieces = async function* (): AsyncGenerator<Buffer> {
        let bytes = 0;
        try {
          for await (const piece of body as AsyncIterable<Buffer>) {
            bytes += piece.length;
            if (bytes > limits.maxBytes)
              fail('too-large', `${at} is more than the ${limits.maxBytes} bytes a feed may be`);
            yield piece;
          }
        } catch (error) {
          if (isOutboundError(error)) throw error;
          explain(error, at);
        } finally {
          clearTimeout(timer);
          drop(body);
        }
      };
      return {
        status: response.statusCode,
        url: current,
        headers,
        body: pieces(),
        discard: () => {
          clearTimeout(timer);
          drop(body);
        },
      };
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

/** Lets go of a body not read to its end: the abort it reports is expected, not a failure. */
function drop(body: NodeJS.ReadableStream & { destroy(): void }): void {
  body.on('error', () => undefined);
  body.destroy();
}

/** The refusal the connect step gave, wherever the HTTP client wrapped it. */
function refusalIn(error: unknown): string | null {
  for (let at: unknown = error, depth = 0; at && depth < 5; at = (at as { cause?: unknown }).cause, depth++) {
    const refusal = (at as { refusal?: unknown }).refusal;
    if (typeof refusal === 'string') return refusal;
  }
  return null;
}

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { message?: unknown } } | null)?.cause?.message;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof cause === 'string' && cause ? cause : typeof message === 'string' && message ? message : String(error);
}
