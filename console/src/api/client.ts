/**
 * The console's one way to the admin API: same origin only (relative paths, the session cookie
 * goes along by itself), JSON both ways, and every change carrying the session's CSRF token in
 * `x-csrf-token`. An answer that is not a success becomes an ApiError whose message is the API's
 * own `error` text, word for word: the console shows it as it is, never a paraphrase.
 */

/** The admin API's error answers: 400 `{ error, field }`, 401/403 `{ error }`, 409 `{ error, current }`. */
export interface ApiErrorBody {
  error: string;
  field?: string;
  current?: string | null;
}

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
  get<T>(path: string, signal?: AbortSignal): Promise<T>;
  /** A change: sent with the session's CSRF token; `body` as JSON when given. */
  send<T>(method: ChangeMethod, path: string, body?: unknown): Promise<T>;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as { error?: unknown }).error === 'string';
}

async function answerOf<T>(response: Response): Promise<T> {
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
  if (response.ok) return parsed as T;
  if (isErrorBody(parsed)) throw new ApiError(parsed.error, response.status, parsed);
  // Not the admin API's shape (a balancer's page, a server that is not ours): say what came back.
  const said = text.trim().slice(0, 300);
  throw new ApiError(`The server answered ${response.status}${said ? `: ${said}` : ''}`, response.status, null);
}

async function call<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: 'same-origin', cache: 'no-store' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ApiError(`The console could not reach the server (${reason})`, 0, null);
  }
  return answerOf<T>(response);
}

/** `csrf` is read at each change: the token changes when the operator signs in again. */
export function createApiClient(csrf: () => string | null): ApiClient {
  return {
    get: <T>(path: string, signal?: AbortSignal) => call<T>(path, { method: 'GET', headers: { accept: 'application/json' }, ...(signal ? { signal } : {}) }),
    send: <T>(method: ChangeMethod, path: string, body?: unknown) => {
      const headers: Record<string, string> = { accept: 'application/json' };
      const token = csrf();
      if (token) headers['x-csrf-token'] = token;
      if (body !== undefined) headers['content-type'] = 'application/json';
      return call<T>(path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    },
  };
}

/** What to show for any failure: the API's own words, or what went wrong on the way. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
