import type { RemoteManifestEntry } from '@forecourt/shared-config';
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

describe('resiliencePlugin', () => {
  it('retries the pinned entry before anything else', async () => {
    const exportsOk = { init: jest.fn() };
    let calls = 0;
    const { value, tried } = args(async () => {
      calls += 1;
      if (calls < 2) throw new Error('RUNTIME-008');
      return exportsOk;
    });
    await expect(hookOf(resiliencePlugin([remote], {}, [1, 1], noSleep))(value)).resolves.toBe(exportsOk);
    expect(tried).toEqual([remote.entry, remote.entry]);
  });

  it('falls back to the last-good version after the retries', async () => {
    const lastGoodExports = { init: jest.fn() };
    const onFallback = jest.fn();
    const { value, tried } = args(async (entry) => {
      if (entry === remote.lastGood?.entry) return lastGoodExports;
      throw new Error('RUNTIME-008');
    });
    await expect(hookOf(resiliencePlugin([remote], { onFallback }, [1, 1], noSleep))(value)).resolves.toBe(lastGoodExports);
    expect(tried).toEqual([remote.entry, remote.entry, remote.lastGood?.entry]);
    expect(onFallback).toHaveBeenCalledWith(remote, remote.lastGood);
  });

  it('gives up when there is no last-good version', async () => {
    const onGiveUp = jest.fn();
    const { value } = args(async () => {
      throw new Error('RUNTIME-008');
    });
    const withoutLastGood = { ...remote, lastGood: undefined };
    await expect(hookOf(resiliencePlugin([withoutLastGood], { onGiveUp }, [1], noSleep))(value)).resolves.toBeUndefined();
    expect(onGiveUp).toHaveBeenCalledWith('mf_search', expect.any(Error));
  });

  it('clears the failed load so a retry fetches again', async () => {
    const { value } = args(async () => ({}));
    await hookOf(resiliencePlugin([remote], {}, [1], noSleep))(value);
    expect(value.globalLoading).not.toHaveProperty('key');
  });

  it('puts Subresource Integrity on a known entry script', () => {
    const plugin = resiliencePlugin([remote], {}, [], noSleep);
    const created = plugin.createScript?.({ url: new URL(remote.entry, location.href).href }) as { script: HTMLScriptElement };
    expect(created.script.integrity).toBe('sha384-current');
  });

  it('loads entries anonymously so integrity can be checked across origins', () => {
    const plugin = resiliencePlugin([remote], {}, [], noSleep);
    const created = plugin.createScript?.({ url: 'https://cdn.example/x.js' }) as { script: HTMLScriptElement };
    expect(created.script.crossOrigin).toBe('anonymous');
  });
});
