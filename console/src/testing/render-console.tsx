import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { serveRoutes, type RouteAnswer } from '@forecourt/shared-config/testing';
import type { Account } from '@forecourt/admin-contract';
import { ConsoleRoutes } from '../app';
import { account } from './fixtures';
import { SessionProvider } from '../session/session';

export const CSRF = 'csrf-token-of-this-session';

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Every request the console sends in this test, with its headers (the shared test server answers
 * by method and path and does not keep headers; the CSRF token is what these tests are about).
 */
export function recordRequests(): SentRequest[] {
  const sent: SentRequest[] = [];
  const answer = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({
      method: (init?.method ?? 'GET').toUpperCase(),
      url,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      body,
    });
    return answer(input, init);
  };
  afterEachRestore(() => {
    globalThis.fetch = answer;
  });
  return sent;
}

const restores: (() => void)[] = [];
function afterEachRestore(restore: () => void): void {
  restores.push(restore);
}
afterEach(() => {
  for (const restore of restores.splice(0)) restore();
});

export type TestRoutes = Parameters<typeof serveRoutes>[0];

/**
 * The console at `path` for a signed-in account (or signed out with `account: null`), against
 * the routes the test declares.
 */
export function renderConsole(
  path: string,
  options: { account?: Account | null; routes?: TestRoutes } = {},
): RenderResult {
  const signedIn = options.account === undefined ? account() : options.account;
  const session: RouteAnswer = signedIn
    ? { body: { account: signedIn, csrf: CSRF } }
    : { status: 401, body: { error: 'Not signed in: sign in with a passkey' } };
  serveRoutes({ 'GET /_admin/session': session, ...options.routes });
  return render(
    <SessionProvider>
      <MemoryRouter initialEntries={[path]}>
        <ConsoleRoutes />
      </MemoryRouter>
    </SessionProvider>,
  );
}
