import type { RemoteManifestEntry } from '@forecourt/shared-config';
import { createFailurePolicy } from './failure-policy';
import { resiliencePlugin } from './resilience-plugin';

const remote: RemoteManifestEntry = {
  team: 'mf-search',
  name: 'mf_search',
  version: '1.1.0',
  entry: '/registry/mf-search/1.1.0/remoteEntry.js',
  integrity: 'sha384-current',
  routes: ['/search/*'],
  lastGood: { version: '1.0.0', entry: '/registry/mf-search/1.0.0/remoteEntry.js', integrity: 'sha384-lastgood' },
};

type Hook = (args: {
  getRemoteEntry: (p: { remoteInfo: { entry: string } }) => Promise<unknown>;
  origin: unknown;
  remoteInfo: { name: string; entry: string };
  remoteEntryExports?: unknown;
  globalLoading: Record<string, unknown>;
  uniqueKey: string;
}) => Promise<unknown>;

function hookOf(plugin: ReturnType<typeof resiliencePlugin>): Hook {
  return plugin.loadEntryError as unknown as Hook;
}

const noSleep = () => Promise.resolve();

function args(getRemoteEntry: (entry: string) => Promise<unknown>) {
  const tried: string[] = [];
  return {
    tried,
    value: {
      getRemoteEntry: ({ remoteInfo }: { remoteInfo: { entry: string } }) => {
        tried.push(remoteInfo.entry);
        return getRemoteEntry(remoteInfo.entry);
      },
      origin: {},
      remoteInfo: { name: 'mf_search', entry: remote.entry },
      globalLoading: { key: Promise.resolve() },
      uniqueKey: 'key',
    },
  };
}

function policyFor(remotes: RemoteManifestEntry[], backoff: number[] = [1, 1]) {
  const policy = { ...createFailurePolicy({ remotes }), retryBackoffMs: backoff };
  const reports = jest.spyOn(policy, 'report').mockImplementation(() => undefined);
  const recovered = jest.spyOn(policy, 'recovered').mockImplementation(() => undefined);
  return { policy, reports, recovered };
}

describe('resiliencePlugin', () => {
  it('retries the pinned entry and returns it when a retry succeeds', async () => {
    const exportsOk = { init: jest.fn() };
    let calls = 0;
    const { value, tried } = args(async () => {
      calls += 1;
      if (calls < 2) throw new Error('RUNTIME-008');
      return exportsOk;
    });
    const { policy, reports } = policyFor([remote]);
    await expect(hookOf(resiliencePlugin(policy, noSleep))(value)).resolves.toBe(exportsOk);
    expect(tried).toEqual([remote.entry, remote.entry]);
    expect(reports).not.toHaveBeenCalled();
  });

  it('falls back to the last-good version after the retries and reports the failed entry', async () => {
    const lastGoodExports = { init: jest.fn() };
    const { value, tried } = args(async (entry) => {
      if (entry === remote.lastGood?.entry) return lastGoodExports;
      throw new Error('RUNTIME-008');
    });
    const { policy, reports, recovered } = policyFor([remote]);
    await expect(hookOf(resiliencePlugin(policy, noSleep))(value)).resolves.toBe(lastGoodExports);
    expect(tried).toEqual([remote.entry, remote.entry, remote.lastGood?.entry]);
    expect(reports).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'entry', remote: 'mf-search', version: '1.1.0' }),
    );
    expect(recovered).toHaveBeenCalledWith('mf-search', '1.1.0', '1.0.0');
  });

  it('gives up without a recovery when there is no last-good version', async () => {
    const { value } = args(async () => {
      throw new Error('RUNTIME-008');
    });
    const { policy, recovered } = policyFor([{ ...remote, lastGood: undefined }], [1]);
    await expect(hookOf(resiliencePlugin(policy, noSleep))(value)).resolves.toBeUndefined();
    expect(recovered).not.toHaveBeenCalled();
  });

  it('clears the failed load so a retry fetches again', async () => {
    const { value } = args(async () => ({}));
    await hookOf(resiliencePlugin(policyFor([remote], [1]).policy, noSleep))(value);
    expect(value.globalLoading).not.toHaveProperty('key');
  });

  it("bounds each entry load by the policy's entry timeout", () => {
    const policy = createFailurePolicy({
      remotes: [remote],
      failurePolicy: { entryTimeoutMs: 1234, fragmentTimeoutMs: 1000 },
    });
    const created = resiliencePlugin(policy, noSleep).createScript?.({
      url: new URL(remote.entry, location.href).href,
    }) as { timeout: number };
    expect(created.timeout).toBe(1234);
  });

  it('puts Subresource Integrity on a known entry script', () => {
    const created = resiliencePlugin(policyFor([remote]).policy, noSleep).createScript?.({
      url: new URL(remote.entry, location.href).href,
    }) as { script: HTMLScriptElement };
    expect(created.script.integrity).toBe('sha384-current');
  });

  it('loads entries anonymously so integrity can be checked across origins', () => {
    const created = resiliencePlugin(policyFor([remote]).policy, noSleep).createScript?.({
      url: 'https://cdn.example/x.js',
    }) as { script: HTMLScriptElement };
    expect(created.script.crossOrigin).toBe('anonymous');
  });
});
