import type { Database } from '@forecourt/data/database';
import { findSession, insertSession } from '@forecourt/data/operator-sessions';
import { insertAccount } from '@forecourt/data/operators';
import { openTestDatabase } from '@forecourt/test-kit/test-database';
import { CONSOLE_TIMES, ConsoleSessions } from './console-sessions';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const START = new Date('2026-03-02T09:00:00Z');

let database: Database;
let now: Date;
let sessions: ConsoleSessions;
let names = 0;

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  sessions = new ConsoleSessions(database.db, 'http://console.localhost:8080', () => now);
});
afterAll(async () => {
  await database.close();
});

/** A session signed in at START, and the clock set there. */
async function startSession(): Promise<string> {
  now = START;
  const account = await insertAccount(database.db, {
    name: `viewer ${(names += 1)}`,
    role: 'viewer',
    tenants: null,
    createdBy: 'test',
  });
  const { secret } = await insertSession(database.db, {
    accountId: account.id,
    passkeyId: null,
    at: START,
    expiresAt: new Date(START.getTime() + CONSOLE_TIMES.absoluteMs),
  });
  return secret;
}

/** Uses the session at `at` as a request does (authenticate, then note the use); what it was refused for, or null. */
async function use(secret: string, at: number): Promise<string | null> {
  now = new Date(START.getTime() + at);
  const result = await sessions.authenticate(secret);
  if ('refused' in result) return result.refused;
  await sessions.touch(result.session);
  return null;
}

it('lets a session used within each 12 hours run on', async () => {
  const secret = await startSession();
  expect(await use(secret, 11 * HOUR_MS)).toBeNull();
  expect(await use(secret, 22 * HOUR_MS)).toBeNull();
});

it('ends a session 12 hours after its last use', async () => {
  const secret = await startSession();
  expect(await use(secret, 11 * HOUR_MS)).toBeNull();
  expect(await use(secret, 23 * HOUR_MS)).toBe('the session was not used for 12 hours');
});

it('ends a session 7 days after its sign-in, however often it was used', async () => {
  const secret = await startSession();
  for (let hour = 10; hour < 7 * 24; hour += 10) expect(await use(secret, hour * HOUR_MS)).toBeNull();
  expect(await use(secret, 7 * 24 * HOUR_MS)).toMatch(/^the session expired on 2026-03-09T09:00:00.000Z/);
});

it('writes a use at most once a minute (the console polls every few seconds)', async () => {
  const secret = await startSession();
  await use(secret, 5 * MINUTE_MS);
  await use(secret, 5 * MINUTE_MS + 30_000);
  expect((await findSession(database.db, secret))?.session.lastSeenAt).toEqual(
    new Date(START.getTime() + 5 * MINUTE_MS),
  );
});
