import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PLATFORM_EVENT } from '@forecourt/shared-config/failures';
import type { Database } from '@forecourt/data/database';
import { accountToken, adminCall, beacon, clearConsoleTables } from '@forecourt/test-kit/console-data';
import {
  clearPlatformTables,
  createTestPlatform,
  openSharedDatabase,
  type TestPlatform,
} from '@forecourt/test-kit/test-platform';

/**
 * Canary alerts over real requests: shells' reports flag a canary that fails more than its pin,
 * and a real HTTP server on this machine receives the webhook, once, however many instances judge.
 */
let database: Database;
const platforms: TestPlatform[] = [];

const TENANT = 'redgum-used-cars';
const RULE = { marginPercent: 5, minReports: 4 };

interface Received {
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A webhook receiver: answers each POST with the next status (200 once they run out). */
async function receiver(
  statuses: number[] = [],
): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(text) as Record<string, unknown> });
      response.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/canary`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  database = await openSharedDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await clearPlatformTables(database);
  await clearConsoleTables(database);
});
afterEach(async () => {
  for (const platform of platforms.splice(0)) await platform.close();
});

async function instance(webhookUrl: string | null): Promise<TestPlatform> {
  const platform = await createTestPlatform(database, { canaryAlerts: { intervalMs: 0, webhookUrl, rule: RULE } });
  platforms.push(platform);
  return platform;
}

async function startCanary(platform: TestPlatform): Promise<void> {
  await platform.publish({ team: 'mf-search', version: '1.1.0' });
  await platform.app.pins.canary({ tenant: TENANT, team: 'mf-search', version: '1.1.0', percent: 20, actor: 'test' });
}

const report = (platform: TestPlatform, eventId: number, version: string) =>
  beacon(platform.app, TENANT, eventId, {
    remote: 'mf-search',
    version,
    ...(eventId === PLATFORM_EVENT.failure ? { kind: 'mount' } : {}),
  });

/** Waits for the sends a report started in the background (the alert is sent once raised). */
async function settled(platform: TestPlatform): Promise<void> {
  await platform.app.canaryAlerts.idle();
}

it('POSTs the flagged canary to the webhook once, with its standing against the pin', async () => {
  const hook = await receiver();
  try {
    const platform = await instance(hook.url);
    await startCanary(platform);
    for (let i = 0; i < 10; i += 1) await report(platform, PLATFORM_EVENT.appMounted, '1.0.0');
    await report(platform, PLATFORM_EVENT.appMounted, '1.1.0');
    await report(platform, PLATFORM_EVENT.appMounted, '1.1.0');
    await report(platform, PLATFORM_EVENT.failure, '1.1.0');
    expect(hook.received).toHaveLength(0);
    // The fourth report: 2 failures in 4 reports is 50 %, the pin's 0 %, past the 5-point margin.
    await report(platform, PLATFORM_EVENT.failure, '1.1.0');
    await report(platform, PLATFORM_EVENT.failure, '1.1.0');
    await settled(platform);
    await platform.app.canaryAlerts.sweep();

    expect(hook.received).toHaveLength(1);
    const [sent] = hook.received;
    expect(sent!.headers['content-type']).toBe('application/json');
    expect(sent!.headers['idempotency-key']).toMatch(/^canary-alert-\d+$/);
    expect(sent!.body).toMatchObject({
      type: 'canary-flagged',
      tenant: TENANT,
      team: 'mf-search',
      version: '1.1.0',
      canary: { version: '1.1.0', percent: 20, clean: 2, failures: 2, failureRatePercent: 50 },
      pin: { version: '1.0.0', clean: 10, failures: 0, failureRatePercent: 0 },
      rule: RULE,
    });
    const [row] = await database.db.selectFrom('canary_alerts').selectAll().execute();
    expect(row?.sent_at).not.toBeNull();
  } finally {
    await hook.close();
  }
});

it('sends one POST when two instances judge the same canary', async () => {
  const hook = await receiver();
  try {
    const a = await instance(hook.url);
    const b = await instance(hook.url);
    // Each instance has its own registry folder here (production shares a bucket).
    await b.publish({ team: 'mf-search', version: '1.1.0' });
    await startCanary(a);
    for (let i = 0; i < 4; i += 1) await report(i % 2 ? a : b, PLATFORM_EVENT.failure, '1.1.0');
    await Promise.all([a.app.canaryAlerts.sweep(), b.app.canaryAlerts.sweep()]);
    await Promise.all([settled(a), settled(b)]);
    expect(hook.received).toHaveLength(1);
    expect(await database.db.selectFrom('canary_alerts').select('id').execute()).toHaveLength(1);
  } finally {
    await hook.close();
  }
});

it('does not flag a canary below the minimum of reports', async () => {
  const hook = await receiver();
  try {
    const platform = await instance(hook.url);
    await startCanary(platform);
    for (let i = 0; i < 3; i += 1) await report(platform, PLATFORM_EVENT.failure, '1.1.0');
    await platform.app.canaryAlerts.sweep();
    expect(hook.received).toHaveLength(0);
    expect(await database.db.selectFrom('canary_alerts').select('id').execute()).toHaveLength(0);
  } finally {
    await hook.close();
  }
});

it('does not flag a canary within the margin of its pin', async () => {
  const hook = await receiver();
  try {
    const platform = await instance(hook.url);
    await startCanary(platform);
    // The pin fails 3 in 20 (15 %), the canary 3 in 18 (16.7 %): within 5 points.
    for (let i = 0; i < 17; i += 1) await report(platform, PLATFORM_EVENT.appMounted, '1.0.0');
    for (let i = 0; i < 3; i += 1) await report(platform, PLATFORM_EVENT.failure, '1.0.0');
    for (let i = 0; i < 15; i += 1) await report(platform, PLATFORM_EVENT.appMounted, '1.1.0');
    for (let i = 0; i < 3; i += 1) await report(platform, PLATFORM_EVENT.failure, '1.1.0');
    await platform.app.canaryAlerts.sweep();
    expect(hook.received).toHaveLength(0);
    const overview = (await adminCall(platform.app, platform.operatorToken, 'GET', '/overview')).json<{
      tenants: Array<{ tenant: string; remotes: Array<{ team: string; flagged: boolean }> }>;
    }>();
    expect(
      overview.tenants.find((t) => t.tenant === TENANT)!.remotes.find((r) => r.team === 'mf-search')!.flagged,
    ).toBe(false);
  } finally {
    await hook.close();
  }
});

it('tries a webhook that failed again, and sends it once it answers', async () => {
  const hook = await receiver([500]);
  try {
    const platform = await instance(hook.url);
    await startCanary(platform);
    for (let i = 0; i < 4; i += 1) await report(platform, PLATFORM_EVENT.failure, '1.1.0');
    await settled(platform);
    expect(hook.received).toHaveLength(1);
    const [failed] = await database.db.selectFrom('canary_alerts').selectAll().execute();
    expect(failed).toMatchObject({ attempts: 1, sent_at: null, last_error: 'the canary webhook answered 500' });
    // Due again (the wait after a failure, made to have passed).
    await database.db
      .updateTable('canary_alerts')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .execute();
    expect(await platform.app.canaryAlerts.sendDue()).toEqual({ sent: 1, failed: 0 });
    expect(hook.received).toHaveLength(2);
    expect(await platform.app.canaryAlerts.sendDue()).toEqual({ sent: 0, failed: 0 });
  } finally {
    await hook.close();
  }
});

it('shows the canary flagged in the console, to whoever may read the tenant', async () => {
  const platform = await instance(null);
  await startCanary(platform);
  for (let i = 0; i < 4; i += 1) await report(platform, PLATFORM_EVENT.failure, '1.1.0');
  const viewer = await accountToken(platform.app, 'viewer', [TENANT]);
  const response = await adminCall(platform.app, viewer, 'GET', `/tenants/${TENANT}/remotes/mf-search`);
  expect(response.json()).toMatchObject({
    flagged: true,
    canary: { version: '1.1.0', alert: { flaggedAt: expect.any(String), sentAt: null } },
  });
});
