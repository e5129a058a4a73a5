import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { OperatorAccount } from '@forecourt/data/operators';
import { CONSOLE_COOKIE } from '@forecourt/domain/operators/console-sessions';
import { consoleOrigin } from '@forecourt/config/console-origin';
import type { SoftwareAuthenticator } from './software-authenticator';

/** A browser signed in to the console: the Cookie header it sends and the CSRF token its page holds. */
export interface ConsoleBrowser {
  account: OperatorAccount;
  cookie: string;
  csrf: string;
}

/** The headers the console's page sends with every request: its host and, as browsers do on a change, its origin. */
export function consoleHeaders(app: FastifyInstance): { host: string; origin: string } {
  const origin = consoleOrigin(app.config);
  return { host: new URL(origin).host, origin };
}

/**
 * A request as the console's page makes it, from an address of the balancer's network unless
 * told otherwise; `headers` adds to or replaces its headers (undefined leaves one out).
 */
export function consoleInject(
  app: FastifyInstance,
  request: {
    method: 'GET' | 'POST' | 'DELETE';
    url: string;
    payload?: object;
    browser?: ConsoleBrowser | null;
    headers?: Record<string, string | undefined>;
    remoteAddress?: string;
  },
): Promise<LightMyRequestResponse> {
  const browser = request.browser;
  const headers: Record<string, string | undefined> = {
    ...consoleHeaders(app),
    ...(browser ? { cookie: browser.cookie, 'x-csrf-token': browser.csrf } : {}),
    ...request.headers,
  };
  return app.inject({
    method: request.method,
    url: `/_admin${request.url}`,
    ...(request.payload ? { payload: request.payload } : {}),
    remoteAddress: request.remoteAddress ?? '203.0.113.7',
    headers: Object.fromEntries(
      Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
  });
}

/** The signed-in browser an answer that started a session makes (the cookie it set, the csrf it answered). */
export function browserOf(response: LightMyRequestResponse): ConsoleBrowser {
  const cookie = response.cookies.find((c) => c.name === CONSOLE_COOKIE);
  if (response.statusCode !== 200 || !cookie) throw new Error(`no session: ${response.statusCode} ${response.body}`);
  const { account, csrf } = response.json<{ account: OperatorAccount; csrf: string }>();
  return { account, csrf, cookie: `${CONSOLE_COOKIE}=${cookie.value}` };
}

/** Registers a passkey with an enrollment code as the console's enroll page does: the enroll answer (a session, or a refusal). */
export async function enrollPasskey(
  app: FastifyInstance,
  authenticator: SoftwareAuthenticator,
  code: string,
): Promise<LightMyRequestResponse> {
  const options = await consoleInject(app, { method: 'POST', url: '/session/enroll/options', payload: { code } });
  if (options.statusCode !== 200) return options;
  const response = authenticator.create(options.json<PublicKeyCredentialCreationOptionsJSON>());
  return consoleInject(app, { method: 'POST', url: '/session/enroll', payload: { code, response } });
}

/** Signs in with a passkey as the console's sign-in page does: the answer (a session, or a refusal). */
export async function signInWithPasskey(
  app: FastifyInstance,
  authenticator: SoftwareAuthenticator,
): Promise<LightMyRequestResponse> {
  const options = await consoleInject(app, { method: 'POST', url: '/session/options', payload: {} });
  if (options.statusCode !== 200) throw new Error(`sign-in options: ${options.statusCode} ${options.body}`);
  const response = authenticator.get(options.json<PublicKeyCredentialRequestOptionsJSON>());
  return consoleInject(app, { method: 'POST', url: '/session', payload: { response } });
}

/** A console session for an account, through the whole passkey flow (an enrollment code made as an operator makes one). */
export async function consoleBrowserFor(
  app: FastifyInstance,
  authenticator: SoftwareAuthenticator,
  accountId: number,
): Promise<ConsoleBrowser> {
  const { code } = await app.consoleSessions.issueEnrollment(
    { accountId: null, name: 'test platform', tokenId: null },
    accountId,
  );
  return browserOf(await enrollPasskey(app, authenticator, code));
}
