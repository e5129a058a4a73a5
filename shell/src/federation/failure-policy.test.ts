import { PLATFORM_EVENT } from '@forecourt/shared-config/failures';
import { expectConsole } from '@forecourt/shared-config/testing';
import { CLEAN_MOUNT_SETTLE_MS, createFailurePolicy } from './failure-policy';

/** What the page posted to /api/events, as the server would read it. */
let posted: Array<{ eventId: number; payload: Record<string, unknown> }>;

beforeEach(() => {
  jest.useFakeTimers();
  posted = [];
  global.fetch = ((_url: string, init: { body: string }) => {
    posted.push(JSON.parse(init.body) as (typeof posted)[number]);
    return Promise.resolve({ ok: true, status: 202 } as Response);
  }) as unknown as typeof fetch;
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const cleanMounts = () => posted.filter((p) => p.eventId === PLATFORM_EVENT.appMounted).map((p) => p.payload);

async function settle(ms: number) {
  await jest.advanceTimersByTimeAsync(ms);
}

describe('clean mounts the shell reports', () => {
  it('reports a mount that stayed up for the settle time with no failure', async () => {
    const policy = createFailurePolicy({ remotes: [] });
    policy.mounted('mf-search', '1.1.0');
    await settle(CLEAN_MOUNT_SETTLE_MS - 1);
    expect(cleanMounts()).toEqual([]);
    await settle(1);
    expect(cleanMounts()).toEqual([{ remote: 'mf-search', version: '1.1.0' }]);
  });

  it('does not report a mount followed by a failure of the same app', async () => {
    const policy = createFailurePolicy({ remotes: [] });
    policy.mounted('mf-finance', '1.0.0');
    await settle(100);
    expectConsole('error', '[forecourt] render failure in mf-finance@1.0.0: Error: boom');
    policy.report({ kind: 'render', remote: 'mf-finance', version: '1.0.0', error: new Error('boom') });
    await settle(CLEAN_MOUNT_SETTLE_MS);
    expect(cleanMounts()).toEqual([]);
  });

  it("is not held back by another app's failure", async () => {
    const policy = createFailurePolicy({ remotes: [] });
    policy.mounted('mf-leads', '1.0.0');
    expectConsole('error', '[forecourt] entry failure in mf-finance@1.0.0: Error: 404');
    policy.report({ kind: 'entry', remote: 'mf-finance', version: '1.0.0', error: new Error('404') });
    await settle(CLEAN_MOUNT_SETTLE_MS);
    expect(cleanMounts()).toEqual([{ remote: 'mf-leads', version: '1.0.0' }]);
  });

  it('reports a version once per page, however often it mounts again on navigation', async () => {
    const policy = createFailurePolicy({ remotes: [] });
    policy.mounted('mf-search', '1.1.0');
    await settle(CLEAN_MOUNT_SETTLE_MS);
    policy.mounted('mf-search', '1.1.0');
    await settle(CLEAN_MOUNT_SETTLE_MS);
    expect(cleanMounts()).toHaveLength(1);
  });
});

describe('render failures', () => {
  it("tells the team's listener which version failed, after the failing render", async () => {
    const policy = createFailurePolicy({ remotes: [] });
    const heard: string[] = [];
    policy.onRenderFailure('mf-vehicle', (version) => heard.push(version));
    policy.onRenderFailure('mf-search', () => heard.push('wrong team'));
    expectConsole('error', '[forecourt] render failure in mf-vehicle@1.0.1: Error: boom');
    policy.report({ kind: 'render', remote: 'mf-vehicle', version: '1.0.1', error: new Error('boom') });
    expect(heard).toEqual([]);
    await settle(0);
    expect(heard).toEqual(['1.0.1']);
  });

  it('does not call a listener that unsubscribed', async () => {
    const policy = createFailurePolicy({ remotes: [] });
    const heard: string[] = [];
    const stop = policy.onRenderFailure('mf-vehicle', (version) => heard.push(version));
    stop();
    expectConsole('error', '[forecourt] render failure in mf-vehicle@1.0.1: Error: boom');
    policy.report({ kind: 'render', remote: 'mf-vehicle', version: '1.0.1', error: new Error('boom') });
    await settle(0);
    expect(heard).toEqual([]);
  });
});
