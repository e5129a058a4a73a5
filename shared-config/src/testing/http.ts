import { forgetApiReads } from '../runtime/api';

/**
 * The server a component test talks to: jsdom has no fetch and a component test has no
 * server, so each test declares the routes its page calls and what they answer. A request no
 * route answers fails the test after it ends, naming the request; until then it stays
 * unanswered, so the component neither updates nor logs from a failure the test did not ask for
 * (a rejected call would surface as the component's own error log, far from its cause).
 *
 * Hand-written rather than a request-mocking library: the workspaces' tests need only method +
 * path matching and a JSON answer, and this stays in one small file with no service worker or
 * network interception to set up in jsdom.
 */

/** A JSON answer; `status` defaults to 200. */
export interface JsonAnswer {
  status?: number;
  body?: unknown;
}

export interface TestRequest {
  method: string;
  /** Path and query, as the page asked for it. */
  url: string;
  /** The body the request sent: parsed when it is JSON, else its text. */
  body: unknown;
}

/**
 * What a declared route does: answer JSON, answer from a function of the request, `'network-down'`
 * (the call fails as it does with no connection), or `'unanswered'` (the request is part of the
 * page but the test is about what shows before it answers).
 */
export type RouteAnswer = JsonAnswer | ((request: TestRequest) => JsonAnswer) | 'network-down' | 'unanswered';

/** `'<METHOD> <path>'`; a path segment written `:name` matches any one segment. */
export type RouteKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;

interface Route {
  method: string;
  segments: string[];
  answer: RouteAnswer;
}

interface HttpState {
  routes: Route[];
  unrouted: string[];
}

const STATE = Symbol.for('forecourt.test.http');

function http(): HttpState {
  const state = (globalThis as { [STATE]?: HttpState })[STATE];
  if (!state)
    throw new Error('serveRoutes needs the test server, which the shared jest setup installs for jsdom projects');
  return state;
}

/** Declares routes for the running test (call it in the test or a beforeEach); later declarations win. */
export function serveRoutes(routes: Partial<Record<RouteKey, RouteAnswer>>): void {
  const state = http();
  for (const [key, answer] of Object.entries(routes)) {
    if (answer === undefined) continue;
    const [method = '', path = ''] = key.split(' ');
    state.routes.unshift({ method, segments: path.split('/'), answer });
  }
}

function pathMatches(pattern: string[], path: string[]): boolean {
  return (
    pattern.length === path.length && pattern.every((segment, i) => segment.startsWith(':') || segment === path[i])
  );
}

function jsonResponse({ status = 200, body }: JsonAnswer): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  // jsdom has no Response; this carries what the workspaces' fetchers read.
  const response = {
    ok: status >= 200 && status < 300,
    status,
    headers: new Map([['content-type', 'application/json']]),
    json: async () => JSON.parse(text) as unknown,
    text: async () => text,
  };
  return response as unknown as Response;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function requestOf(input: RequestInfo | URL, init: RequestInit | undefined): TestRequest & { path: string } {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(raw, location.href);
  const body = typeof init?.body === 'string' ? parseBody(init.body) : undefined;
  return { method: (init?.method ?? 'GET').toUpperCase(), url: url.pathname + url.search, path: url.pathname, body };
}

const never = <T>() => new Promise<T>(() => undefined);

function testFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const state = http();
  const request = requestOf(input, init);
  const route = state.routes.find(
    (r) => r.method === request.method && pathMatches(r.segments, request.path.split('/')),
  );
  if (!route) {
    state.unrouted.push(`${request.method} ${request.url}`);
    return never();
  }
  const { answer } = route;
  if (answer === 'unanswered') return never();
  if (answer === 'network-down') return Promise.reject(new TypeError('Failed to fetch'));
  const { method, url, body } = request;
  return Promise.resolve(jsonResponse(typeof answer === 'function' ? answer({ method, url, body }) : answer));
}

/** Installs the test server for one jsdom test file (the shared jest setup calls it). */
export function installTestServer(): void {
  const state: HttpState = { routes: [], unrouted: [] };
  (globalThis as { [STATE]?: HttpState })[STATE] = state;
  globalThis.fetch = testFetch;
  afterEach(() => {
    const unrouted = state.unrouted;
    state.routes = [];
    state.unrouted = [];
    // The page's answers went with the routes that gave them: the next test starts a new page.
    forgetApiReads();
    if (unrouted.length > 0) {
      throw new Error(
        `the page called routes this test did not declare (declare them with serveRoutes):\n${unrouted.map((r) => `  ${r}`).join('\n')}`,
      );
    }
  });
}
