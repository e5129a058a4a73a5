import type { Database } from '@forecourt/data/database';
import { insertSession } from '@forecourt/data/operator-sessions';
import { insertToken } from '@forecourt/data/operators';
import { CONSOLE_COOKIE } from '@forecourt/domain/operators/console-sessions';
import { consoleBrowserFor, consoleHeaders } from '@forecourt/test-kit/console-sign-in';
import { SoftwareAuthenticator } from '@forecourt/test-kit/software-authenticator';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';
import { consoleOrigin } from '@forecourt/config/console-origin';
import type { RoutePermission } from './plugins/platform/admin-auth';

/**
 * Every admin route, as Fastify's route table lists it (the route catalogue's onRoute hook), is
 * checked here against the credentials that must not open it. A new route is checked the moment
 * it exists; one that declares no permission fails the first test.
 */
let database: Database;
let platform: TestPlatform;

const SUMMIT = 'summit-auto-group';
const HARBOURSIDE = 'harbourside-motors';
const SYSTEM = { accountId: null, name: 'permission test', tokenId: null };
/** The routes a person uses to get a session: open without a credential, on the console host only. */
const SIGN_IN_ROUTES = [
  'POST /_admin/session/enroll/options',
  'POST /_admin/session/enroll',
  'POST /_admin/session/options',
  'POST /_admin/session',
];

interface Credential {
  /** Who sends it and how: a personal token from this machine, or the console's session cookie from the network. */
  via: 'token' | 'session';
  headers: Record<string, string>;
}

const token = (secret: string | null): Credential => ({
  via: 'token',
  headers: secret ? { authorization: `Bearer ${secret}` } : {},
});
const session = (cookie: string | null, csrf?: string): Credential => ({
  via: 'session',
  headers: {
    ...consoleHeaders(platform.app),
    ...(cookie ? { cookie } : {}),
    ...(csrf ? { 'x-csrf-token': csrf } : {}),
  },
});

let credentials: Record<'missing' | 'expired' | 'deactivated' | 'otherTenant', Credential[]>;
let operatorSession: { cookie: string; csrf: string };

beforeAll(async () => {
  database = await openSharedDatabase();
  await clearPlatformTables(database);
  platform = await createTestPlatform(database);
  const app = platform.app;
  const later = new Date(Date.now() + 86_400_000);
  const past = new Date(Date.now() - 1000);
  const cookieOf = (secret: string) => `${CONSOLE_COOKIE}=${secret}`;

  const viewer = await app.operators.createAccount(SYSTEM, { name: 'Expired Viewer', role: 'viewer', tenants: null });
  const expiredToken = await insertToken(database.db, {
    accountId: viewer.id,
    label: 'old',
    expiresAt: past,
    createdBy: 'test',
  });
  const expiredSession = await insertSession(database.db, {
    accountId: viewer.id,
    passkeyId: null,
    at: new Date(),
    expiresAt: past,
  });

  const leaver = await app.operators.createAccount(SYSTEM, {
    name: 'Deactivated Operator',
    role: 'operator',
    tenants: null,
  });
  const leaverToken = await insertToken(database.db, {
    accountId: leaver.id,
    label: 'laptop',
    expiresAt: later,
    createdBy: 'test',
  });
  const leaverSession = await insertSession(database.db, {
    accountId: leaver.id,
    passkeyId: null,
    at: new Date(),
    expiresAt: later,
  });
  await app.operators.deactivate(SYSTEM, leaver.id);

  const manager = await app.operators.createAccount(SYSTEM, {
    name: 'Summit Manager',
    role: 'tenant-manager',
    tenants: [SUMMIT],
  });
  const managerToken = await app.operators.issueToken(SYSTEM, manager.id, {});
  const managerBrowser = await consoleBrowserFor(app, new SoftwareAuthenticator(consoleOrigin(app.config)), manager.id);

  const operator = await app.operators.findAccountByName('Test operator');
  if (!operator) throw new Error('no test operator');
  operatorSession = await consoleBrowserFor(app, new SoftwareAuthenticator(consoleOrigin(app.config)), operator.id);

  credentials = {
    missing: [token(null), session(null)],
    expired: [token(expiredToken.secret), session(cookieOf(expiredSession.secret), expiredSession.session.csrf)],
    deactivated: [token(leaverToken.secret), session(cookieOf(leaverSession.secret), leaverSession.session.csrf)],
    otherTenant: [token(managerToken.secret), session(managerBrowser.cookie, managerBrowser.csrf)],
  };
});

afterAll(async () => {
  await platform.close();
  await database.close();
});

interface AdminRoute {
  method: string;
  url: string;
  permission: RoutePermission | undefined;
}

/** Every /_admin route of the app, the HEAD twin Fastify adds to each GET included. */
function adminRoutes(): AdminRoute[] {
  return platform.app.routeCatalogue
    .filter((route) => route.url.startsWith('/_admin'))
    .map((route) => ({ method: route.method, url: route.url, permission: route.config.permission }));
}

/** The routes a credential should open: not the ceremony, nor the HEAD twins (they share their GET's hooks and config). */
const checked = () =>
  adminRoutes().filter((route) => route.method !== 'HEAD' && route.permission?.action !== 'sign-in');

const PARAMS: Record<string, string> = { tenant: HARBOURSIDE, team: 'mf-search', id: '1', objectID: 'fuzz-1' };

/** The route called as a caller of the given credential would, naming the other tenant wherever a route reads a tenant. */
async function call(route: AdminRoute, credential: Credential): Promise<number> {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => PARAMS[name] ?? 'x').replace('*', 'x');
  const hasBody = route.method !== 'GET';
  const response = await platform.app.inject({
    method: route.method as 'GET',
    url: `${path}?tenant=${HARBOURSIDE}&team=mf-search`,
    ...(hasBody ? { payload: { tenant: HARBOURSIDE, team: 'mf-search' } } : {}),
    headers: credential.headers,
    ...(credential.via === 'session' ? { remoteAddress: '203.0.113.7' } : {}),
  });
  return response.statusCode;
}

/** `METHOD url (via) -> status` of every route not answered `expected` with these credentials. */
async function mismatches(routes: AdminRoute[], sent: Credential[], expected: number): Promise<string[]> {
  const wrong: string[] = [];
  for (const route of routes) {
    for (const credential of sent) {
      const status = await call(route, credential);
      if (status !== expected) wrong.push(`${route.method} ${route.url} (${credential.via}) -> ${status}`);
    }
  }
  return wrong;
}

it('finds every admin route in the route table, each declaring its permission', () => {
  const routes = adminRoutes();
  expect(routes.length).toBeGreaterThan(30);
  expect(
    routes.filter((route) => route.permission === undefined).map((route) => `${route.method} ${route.url}`),
  ).toEqual([]);
});

it('opens only the passkey ceremony without a credential', () => {
  const open = adminRoutes()
    .filter((route) => route.permission?.action === 'sign-in')
    .map((route) => `${route.method} ${route.url}`);
  expect(open.sort()).toEqual([...SIGN_IN_ROUTES].sort());
});

it('answers 401 to every other admin route without a credential', async () => {
  expect(await mismatches(checked(), credentials.missing, 401)).toEqual([]);
});

it('answers 401 to an expired token or session', async () => {
  expect(await mismatches(checked(), credentials.expired, 401)).toEqual([]);
});

it("answers 401 to a deactivated account's token or session", async () => {
  expect(await mismatches(checked(), credentials.deactivated, 401)).toEqual([]);
});

it("answers 403 to a tenant manager asking about another tenant, on every route that is not the caller's own", async () => {
  const ofTenants = checked().filter(
    (route) =>
      route.permission?.action !== 'session' &&
      !(route.permission && 'on' in route.permission && route.permission.on === 'self'),
  );
  expect(await mismatches(ofTenants, credentials.otherTenant, 403)).toEqual([]);
});

it('answers 403 to every change sent through a session without its CSRF token', async () => {
  const changes = checked().filter((route) => route.method !== 'GET');
  expect(changes.length).toBeGreaterThan(10);
  expect(await mismatches(changes, [session(operatorSession.cookie)], 403)).toEqual([]);
});
