import { useCallback, useRef, useSyncExternalStore } from 'react';
import { safeParse } from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import * as zm from './api-schema';
import { SESSION_ENDPOINT, sessionAnswerSchema } from './session-answers';
import { forecourtStore, sessionAtom, watchlistAtom } from './store';

/**
 * The one way browser code talks to the platform's API: every team's `api/` modules, the
 * shell and shared-config itself call these rather than `fetch`.
 *
 * - Reads (`apiRead`, `useApiRead`) take a zod schema and give what it parses: an answer of
 *   another shape is 'failed' and logged, never cast. Reads of one URL share one answer across
 *   the page's teams (this module is part of the page's one shared-config), concurrent reads
 *   share one request, and a read that has an answer gets it at once and asks again behind it
 *   (stale-while-revalidate). A write that changes what a read shows calls `invalidateApi`.
 * - Writes (`apiWrite`) report their outcome as a value, never a throw: the parsed answer, or the
 *   status with the server's words and the field it named.
 * - A 401 means the server may no longer know this browser: the page's session state is checked
 *   against the server, and signed out when it is gone, before the read or write answers.
 *
 * Hand-written rather than TanStack Query or SWR: a library here would have to be a new
 * federated singleton (the allow-list, a contract every published build is checked against, and
 * its bytes on every page's budget) for a small part of what it does; shared-config is already
 * the page's one copy, which is what a cache shared by every team needs.
 */

/** Where a read of the platform's API stands, as the component showing it needs to know. */
export type ApiRead<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  /** The server answered 404: there is no such thing (a car, a location) on this site. */
  | { status: 'missing' }
  /** The server answered 401: the shopper's own list, asked for without a session. */
  | { status: 'signed-out' }
  /**
   * Anything else: a refusal (4xx), or a fault, which is logged (no answer, a 5xx, an answer of
   * another shape). `code`: the HTTP status when the server answered; `message`: its words, when
   * it gave any.
   */
  | { status: 'failed'; code?: number; message?: string };

/** A read that has its answer. */
export type ApiAnswer<T> = Exclude<ApiRead<T>, { status: 'loading' }>;

/**
 * How a write (or a one-off request) went. A refusal carries the HTTP status (0: no answer came),
 * the server's words ('' when it gave none, so the caller shows its own text), the field it
 * named, and what `refusal`'s schema read of its answer.
 */
export type ApiResult<T, R = never> = { ok: true; data: T } | ApiRefusal<R>;

export interface ApiRefusal<R = never> {
  ok: false;
  status: number;
  message: string;
  field?: string;
  refusal?: R;
}

export type ApiInit = Omit<RequestInit, 'headers'> & { headers?: Record<string, string> };
export type ApiFetch = (url: string, init?: ApiInit) => Promise<Response>;

/**
 * The request every call makes: the page's own cookies, JSON asked for and sent. Exported for
 * the senders that take a fetch (keyed lead posts, whose tests pass their own); everything else
 * calls the functions below.
 */
export const apiFetch: ApiFetch = (url, init = {}) => {
  const headers = {
    accept: 'application/json',
    ...(init.body === undefined || init.body === null ? {} : { 'content-type': 'application/json' }),
    ...init.headers,
  };
  return fetch(url, { credentials: 'same-origin', ...init, headers });
};

/** A URL as logs name it: without its query, which may carry what the shopper typed (a phone number). */
const logged = (url: string) => url.split('?')[0];

async function jsonOf(response: Response): Promise<{ json: unknown } | null> {
  try {
    const json: unknown = await response.json();
    return { json };
  } catch {
    return null;
  }
}

/**
 * A refusal's words. The platform's routes put them in `error` (and name a field); Fastify's own
 * refusals (a rate limit, a malformed body) carry only the status's name in `error` and the
 * words in `message`.
 */
const problemSchema = zm.object({
  error: zm.optional(zm.string()),
  message: zm.optional(zm.string()),
  field: zm.optional(zm.string()),
});

function wordsOf(json: unknown): { message: string; field?: string } {
  const problem = safeParse(problemSchema, json);
  if (!problem.success) return { message: '' };
  const { message, error, field } = problem.data;
  return { message: message ?? error ?? '', ...(field === undefined ? {} : { field }) };
}

// --- Signed-in state ------------------------------------------------------------------------

let sessionCheck: Promise<void> | null = null;

/**
 * After a 401. Not every 401 means the session ended: a finance application or a reservation for
 * a phone other than the signed-in one is refused with 401 too. So the server is asked who this
 * browser is, and the page signs out only when no one is (or when it cannot say).
 */
function afterUnauthorised(): Promise<void> {
  if (forecourtStore.get(sessionAtom).status !== 'signed-in') return Promise.resolve();
  sessionCheck ??= fetchAnswer(SESSION_ENDPOINT)
    .then((answer) => {
      const session = answer.status === 'ready' ? safeParse(sessionAnswerSchema, answer.json) : null;
      if (!session?.success || session.data.user === null) endSessionHere();
    })
    .finally(() => {
      sessionCheck = null;
    });
  return sessionCheck;
}

/**
 * The page is signed out (the server said so, or the shopper signed out): the state every team
 * reads says so, and nothing read for the shopper is shown again without asking.
 */
export function endSessionHere(): void {
  forecourtStore.set(sessionAtom, { status: 'signed-out' });
  forecourtStore.set(watchlistAtom, null);
  invalidate('', (entry) => entry.answer?.status !== 'signed-out');
}

// --- Reads ----------------------------------------------------------------------------------

type Answer =
  | { status: 'ready'; json: unknown }
  | { status: 'missing' }
  | { status: 'signed-out' }
  | { status: 'failed'; code?: number; message?: string; error: unknown };

interface Entry {
  answer: Answer | null;
  /** The answer came with the page (the server's first paint read it): not asked again until invalidated. */
  given: boolean;
  pending: Promise<void> | null;
  /** Invalidated while a request was out: its answer may predate the change, so ask once more. */
  again: boolean;
  /** The mounted components showing this URL, told when its answer changes. */
  readers: Set<() => void>;
  /** What each schema made of the current answer, so a component gets the same object until it changes. */
  views: WeakMap<object, ApiAnswer<unknown>>;
}

/** Every URL read on this page, shared by every team (shared-config is the page's one copy). */
const entries = new Map<string, Entry>();

function entryOf(url: string): Entry {
  let entry = entries.get(url);
  if (!entry) {
    entry = { answer: null, given: false, pending: null, again: false, readers: new Set(), views: new WeakMap() };
    entries.set(url, entry);
  }
  return entry;
}

async function fetchAnswer(url: string): Promise<Answer> {
  let response: Response;
  try {
    response = await apiFetch(url);
  } catch (error) {
    return { status: 'failed', error };
  }
  if (response.status === 401) return { status: 'signed-out' };
  if (response.status === 404) return { status: 'missing' };
  const body = await jsonOf(response);
  if (!response.ok) {
    const { message } = wordsOf(body?.json);
    return {
      status: 'failed',
      code: response.status,
      ...(message ? { message } : {}),
      error: new Error(`HTTP ${response.status}`),
    };
  }
  return body ? { status: 'ready', json: body.json } : { status: 'failed', error: new Error('the answer is not JSON') };
}

function settle(entry: Entry, answer: Answer | null): void {
  entry.answer = answer;
  entry.given = false;
  entry.views = new WeakMap();
  for (const changed of entry.readers) changed();
}

/** Asks the server for `url` unless a request for it is already out. */
function ask(url: string): Promise<void> {
  const entry = entryOf(url);
  if (entry.pending) return entry.pending;
  // A failure is not shown while asking again (stale data is; see below): the reader sees it load.
  if (entry.answer?.status === 'failed') settle(entry, null);
  const pending = fetchAnswer(url).then(async (answer) => {
    entry.pending = null;
    // An answer already shown stays when asking again fails: stale beats nothing.
    if (answer.status === 'failed' && entry.answer?.status === 'ready')
      console.warn(`[forecourt] ${logged(url)} could not be read again; showing its last answer`, answer.error);
    else settle(entry, answer);
    if (answer.status === 'signed-out') await afterUnauthorised();
    if (entry.again) {
      entry.again = false;
      void ask(url);
    }
  });
  entry.pending = pending;
  return pending;
}

function invalidate(prefix: string, which: (entry: Entry) => boolean = () => true): void {
  for (const [url, entry] of entries) {
    if (!url.startsWith(prefix) || !which(entry)) continue;
    if (entry.pending) entry.again = true;
    else if (entry.readers.size > 0) void ask(url);
    else entries.delete(url);
  }
}

/**
 * The answer for `url` the server's first paint read, inlined in the page: every read of `url`
 * on the page (any team's) starts from it and none asks for it again until it is invalidated,
 * since the page was painted from it. Ignored where the page already has an answer, and outside
 * a browser: a server renders many sites' pages, and what one read must never reach another.
 */
export function provideApiAnswer(url: string, json: unknown): void {
  if (typeof window === 'undefined') return;
  const entry = entryOf(url);
  if (entry.answer || entry.pending) return;
  settle(entry, { status: 'ready', json });
  entry.given = true;
}

/**
 * After a write: every read whose URL starts with `prefix` is asked again where it is shown and
 * forgotten elsewhere, so nothing shows what the write changed.
 */
export function invalidateApi(prefix: string): void {
  invalidate(prefix);
}

/** For tests: every answer forgotten, as on a new page. The test server calls it after each test. */
export function forgetApiReads(): void {
  entries.clear();
  sessionCheck = null;
}

/** What `schema` makes of `answer`, logged with `team`'s label when it is not what the page can show. */
function viewOf<S extends $ZodType>(
  url: string,
  answer: Answer,
  views: WeakMap<object, ApiAnswer<unknown>>,
  schema: S,
  team: string,
): ApiAnswer<output<S>> {
  // The map is keyed by schema: what it holds for `schema` is what `schema` parsed.
  const known = views.get(schema) as ApiAnswer<output<S>> | undefined;
  if (known) return known;
  let view: ApiAnswer<output<S>>;
  if (answer.status === 'ready') {
    const parsed = safeParse(schema, answer.json);
    if (parsed.success) view = { status: 'ready', data: parsed.data };
    else {
      console.error(
        `[${team}] ${logged(url)} could not be read: its answer is not what the page expects`,
        parsed.error.issues,
      );
      view = { status: 'failed' };
    }
  } else if (answer.status === 'failed') {
    // A refusal (4xx) is the server's answer to what was asked, for the reader to show; anything else is a fault.
    if (answer.code === undefined || answer.code >= 500)
      console.error(`[${team}] ${logged(url)} could not be read`, answer.error);
    view = {
      status: 'failed',
      ...(answer.code === undefined ? {} : { code: answer.code }),
      ...(answer.message === undefined ? {} : { message: answer.message }),
    };
  } else view = { status: answer.status };
  views.set(schema, view);
  return view;
}

export interface ApiReadOptions {
  /** The label of the team reading, on what it logs. */
  team?: string;
  /** false: a one-off read, neither taken from nor kept in the page's answers (personal data in its URL, say). */
  keep?: boolean;
}

/**
 * `url`'s answer as `schema` parses it: the answer the page has at once (asking again behind it),
 * else the server's (asked now).
 */
export async function apiRead<S extends $ZodType>(
  url: string,
  schema: S,
  options: ApiReadOptions = {},
): Promise<ApiAnswer<output<S>>> {
  const team = options.team ?? 'forecourt';
  if (options.keep === false) {
    const answer = await fetchAnswer(url);
    if (answer.status === 'signed-out') await afterUnauthorised();
    return viewOf(url, answer, new WeakMap(), schema, team);
  }
  const entry = entryOf(url);
  if (entry.answer?.status !== 'ready') await ask(url);
  else if (!entry.given) void ask(url);
  const answer: Answer = entry.answer ?? { status: 'failed', error: new Error('no answer') };
  return viewOf(url, answer, entry.views, schema, team);
}

const LOADING: ApiRead<never> = { status: 'loading' };

/**
 * `url`'s answer for a component, as `schema` parses it: 'loading', then what the server said,
 * and again whenever the page's answer for `url` changes (another component asked again, a write
 * invalidated it). Each component that mounts asks again behind what the page already has.
 * `null`: nothing to read yet (stays 'loading'). `initial`: what the server's first paint read for
 * this `url`, which stands: shown at once and not asked for again at load.
 */
export function useApiRead<S extends $ZodType>(
  team: string,
  url: string | null,
  schema: S,
  options: { initial?: output<S> } = {},
): ApiRead<output<S>> {
  const first = useRef<{ url: string; view: ApiRead<output<S>> } | null>(
    url !== null && options.initial !== undefined ? { url, view: { status: 'ready', data: options.initial } } : null,
  );
  const subscribe = useCallback(
    (changed: () => void) => {
      if (url === null) return () => undefined;
      if (first.current && first.current.url !== url) first.current = null;
      const entry = entryOf(url);
      entry.readers.add(changed);
      // Asked again behind what the page has, unless the page came with it or this component did.
      if (!entry.given && (!first.current || entry.answer)) void ask(url);
      return () => {
        entry.readers.delete(changed);
      };
    },
    [url],
  );
  const firstView = (): ApiRead<output<S>> =>
    url !== null && first.current?.url === url ? first.current.view : LOADING;
  const snapshot = (): ApiRead<output<S>> => {
    const answer = url === null ? null : entries.get(url)?.answer;
    if (url === null || !answer) return firstView();
    return viewOf(url, answer, entryOf(url).views, schema, team);
  };
  // The server's render shows what the first paint gave, never an answer another request read.
  return useSyncExternalStore(subscribe, snapshot, firstView);
}

// --- Writes ---------------------------------------------------------------------------------

export interface ApiWriteOptions {
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent even as the page unloads (an analytics beacon, a view count). */
  keepalive?: boolean;
  signal?: AbortSignal;
}

/**
 * What to read of an answer: `schema`, the shape of a success (without one the answer is not
 * read and `data` is undefined); `refusal`, the shape of what a refusal carries besides its words
 * (a 409's `heldUntil`), read into `refusal`.
 */
interface Shapes {
  schema?: $ZodType;
  refusal?: $ZodType;
}

/**
 * The outcome of `response` to a request for `url`, as a write reports it. For the senders that
 * make their own request (keyed lead posts); others call `apiWrite`.
 */
export function readApiAnswer(url: string, response: Response): Promise<ApiResult<undefined>>;
export function readApiAnswer<S extends $ZodType, R extends $ZodType>(
  url: string,
  response: Response,
  shapes: { schema: S; refusal: R },
): Promise<ApiResult<output<S>, output<R>>>;
export function readApiAnswer<S extends $ZodType>(
  url: string,
  response: Response,
  shapes: { schema: S },
): Promise<ApiResult<output<S>>>;
export function readApiAnswer(
  url: string,
  response: Response,
  shapes: Shapes = {},
): Promise<ApiResult<unknown, unknown>> {
  return answerOf(url, response, shapes);
}

async function answerOf(url: string, response: Response, shapes: Shapes): Promise<ApiResult<unknown, unknown>> {
  if (response.status === 401) await afterUnauthorised();
  if (!response.ok) {
    const body = await jsonOf(response);
    const refused = shapes.refusal && body ? safeParse(shapes.refusal, body.json) : null;
    return {
      ok: false,
      status: response.status,
      ...wordsOf(body?.json),
      ...(refused?.success ? { refusal: refused.data } : {}),
    };
  }
  if (!shapes.schema) return { ok: true, data: undefined };
  const body = await jsonOf(response);
  const parsed = body ? safeParse(shapes.schema, body.json) : null;
  if (!parsed?.success) {
    console.error(
      `[forecourt] ${logged(url)} answered what the page cannot read`,
      parsed ? parsed.error.issues : 'not JSON',
    );
    return { ok: false, status: response.status, message: '' };
  }
  return { ok: true, data: parsed.data };
}

/** Sends a change to the API and reports how it went (never throws). */
export function apiWrite(url: string, options?: ApiWriteOptions): Promise<ApiResult<undefined>>;
export function apiWrite<S extends $ZodType, R extends $ZodType>(
  url: string,
  options: ApiWriteOptions & { schema: S; refusal: R },
): Promise<ApiResult<output<S>, output<R>>>;
export function apiWrite<S extends $ZodType>(
  url: string,
  options: ApiWriteOptions & { schema: S },
): Promise<ApiResult<output<S>>>;
export async function apiWrite(
  url: string,
  options: ApiWriteOptions & Shapes = {},
): Promise<ApiResult<unknown, unknown>> {
  const { method = 'POST', body, keepalive, signal, schema, refusal } = options;
  let response: Response;
  try {
    response = await apiFetch(url, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(keepalive ? { keepalive } : {}),
      ...(signal ? { signal } : {}),
    });
  } catch {
    return { ok: false, status: 0, message: '' };
  }
  return answerOf(url, response, { ...(schema ? { schema } : {}), ...(refusal ? { refusal } : {}) });
}

/** A file the API makes (a car's brochure), to save. */
export async function apiFile(url: string): Promise<ApiResult<Blob>> {
  try {
    const response = await apiFetch(url, { headers: { accept: '*/*' } });
    if (response.ok) return { ok: true, data: await response.blob() };
    const refused = await answerOf(url, response, {});
    if (refused.ok) return { ok: false, status: response.status, message: '' };
    const { status, message, field } = refused;
    return { ok: false, status, message, ...(field === undefined ? {} : { field }) };
  } catch {
    return { ok: false, status: 0, message: '' };
  }
}
