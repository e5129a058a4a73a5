import { checkSharedRanges } from './shared';

const shell = { version: '1.3.0', shared: { react: '19.3.1', jotai: '2.20.3', '@forecourt/shared-config': '1.0.0' } };

function candidate(required: Record<string, string>) {
  return {
    team: 'mf-finance',
    version: '1.2.0',
    info: { shared: Object.fromEntries(Object.keys(required).map((n) => [n, '0.0.0'])) } as never,
    manifest: {
      name: 'mf_finance',
      exposes: [],
      shared: Object.entries(required).map(([name, requiredVersion]) => ({ name, requiredVersion })),
    },
  };
}

describe('checkSharedRanges', () => {
  it("passes ranges the shell's versions satisfy", () => {
    expect(checkSharedRanges(candidate({ react: '^19.2.0', jotai: '^2.20.3' }), shell)).toEqual([]);
  });

  it('refuses a range the shell does not satisfy, naming the dependency, the range and what the shell provides', () => {
    expect(checkSharedRanges(candidate({ react: '^19.4.0', jotai: '^2.20.3' }), shell)).toEqual([
      'mf-finance 1.2.0 requires shared react ^19.4.0, but shell 1.3.0 provides 19.3.1: publish a shell that provides it first, or build against 19.3.1',
    ]);
    expect(checkSharedRanges(candidate({ '@forecourt/shared-config': '^2.0.0' }), shell)).toHaveLength(1);
  });

  it('takes a caret on the built version when the federation manifest gives no range', () => {
    const built = {
      team: 'mf-finance',
      version: '1.2.0',
      info: { shared: { react: '19.4.2' } } as never,
      manifest: { name: 'mf_finance', exposes: [], shared: [] },
    };
    expect(checkSharedRanges(built, shell)).toEqual([expect.stringContaining('requires shared react ^19.4.2')]);
  });

  it('leaves alone what the shell does not provide, and passes when there is no shell yet', () => {
    expect(checkSharedRanges(candidate({ 'react-final-form': '^7.0.0' }), shell)).toEqual([]);
    expect(checkSharedRanges(candidate({ react: '^99.0.0' }), null)).toEqual([]);
  });

  it('refuses a range that is not one', () => {
    expect(checkSharedRanges(candidate({ react: 'latest-and-greatest' }), shell)).toEqual([
      "mf-finance 1.2.0 requires shared react 'latest-and-greatest', which is not a version range",
    ]);
  });
});
