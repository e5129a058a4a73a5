/**
 * The console's one way to the admin API: same origin only (relative paths, the session cookie
 * goes along by itself), JSON both ways, and every change carrying the session's CSRF token in
 * `x-csrf-token`. An answer that is not a success becomes an ApiError whose message is the API's
 * own `error` text, word for word: the console shows it as it is, never a paraphrase.
 *
 * Every answer is parsed with its schema from the admin API's contract (@forecourt/admin-contract),
 * the same the server's routes are typed with: an answer the contract does not describe (a server
 * of another release) is an error the operator sees, naming what differs, never a value the page
 * half-reads.
 */
import { z } from 'zod';
import { ErrorAnswer } from '@forecourt/admin-contract';

/** The admin API's error answers: 400 `{ error, field }`, 401/403 `{ error }`, 409 `{ error, current }`. */
export type ApiErrorBody = ErrorAnswer;

export class ApiError extends Error {
  constructor(
    message: string,
    /** The HTTP status; 0 when the server could not be reached at all. */
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type ChangeMethod = 'POST' | 'PUT' | 'DELETE';

export interface ApiClient {
  /** A read: its answer parsed with `answer`, the contract's schema of it. */
  get<S extends z.ZodType>(answer: S, path: string, signal?: AbortSignal): Promise<z.output<S>>;
  /** A change: sent with the session's CSRF token; `body` as JSON when given; its answer parsed with `answer`. */
  send<S extends z.ZodType>(answer: S, method: ChangeMethod, path: string, body?: unknown): Promise<z.output<S>>;
}

async function answerOf<S extends z.ZodType>(
  answer: S,
  method: string,
  path: string,
  response: Response,
): Promise<z.output<S>> {
  // 204: a change with nothing to say (signing out).
  const text = response.status === 204 ? '' : await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      parsed = undefined;
    }
  }
  if (response.ok) {
    const read = answer.safeParse(parsed);
    if (read.success) return read.data;
    throw new ApiError(
      `The server's answer to ${method} ${path.split('?')[0]} is not what this console expects (is the console older or newer than the server?):\n${z.prettifyError(read.error)}`,
      response.status,
      null,
    );
  }
  const refusal = ErrorAnswer.safeParse(parsed);
  if (refusal.success) throw new ApiError(refusal.data.error, response.status, refusal.data);
  // Not the admin API's shape (a balancer's page, a server that is not ours): say what came back.
  const said = text.trim().slice(0, 300);
  throw new ApiError(`The server answered ${response.status}${said ? `: ${said}` : ''}`, response.status, null);
}

async function call<S extends z.ZodType>(
  answer: S,
  path: string,
  init: RequestInit & { method: string },
): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: 'same-origin', cache: 'no-store' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ApiError(`The console could not reach the server (${reason})`, 0, null);
  }
  return answerOf(answer, init.method, path, response);
}

/** `csrf` is read at each change: the token changes when the operator signs in again. */
export function createApiClient(csrf: () => string | null): ApiClient {
  return {
    get: (answer, path, signal) =>
      call(answer, path, { method: 'GET', headers: { accept: 'application/json' }, ...(signal ? { signal } : {}) }),
    send: (answer, method, path, body) => {
      const headers: Record<string, string> = { accept: 'application/json' };
      const token = csrf();
      if (token) headers['x-csrf-token'] = token;
      if (body !== undefined) headers['content-type'] = 'application/json';
      return call(answer, path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    },
  };
}

/** What to show for any failure: the API's own words, or what went wrong on the way. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
