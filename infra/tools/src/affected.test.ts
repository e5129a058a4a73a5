import { REPO_ROOT } from '@forecourt/config/paths';
import { affectedWorkspaces, serverFiles } from './affected';

const none = () => new Set<string>();
const affected = (...files: string[]) => affectedWorkspaces(files, none).workspaces;

describe('what a change rebuilds and retests', () => {
  it("touches only the remote's own workspace and the journeys for a change in its browser code", () => {
    expect(affected('mf-search/src/features/results/results.tsx')).toEqual(['mf-search', 'e2e']);
  });

  it('touches infra as well for a change in a file the remote server plugin imports', () => {
    const server = new Set(['mf-search/server/index.ts', 'mf-search/src/features/results/lib/search-client.ts']);
    expect(
      affectedWorkspaces(['mf-search/src/features/results/lib/search-client.ts'], () => server).workspaces,
    ).toEqual(['mf-search', 'infra', 'e2e']);
  });

  it('touches every workspace for a change in shared-config', () => {
    expect(affected('shared-config/src/runtime/failures.ts')).toEqual([
      'shared-config',
      'shell',
      'mf-search',
      'mf-vehicle',
      'mf-finance',
      'mf-leads',
      'mf-locations',
      'console',
      'infra',
      'e2e',
    ]);
  });

  it('touches every workspace for a change in the lockfile', () => {
    expect(affected('package-lock.json')).toHaveLength(10);
  });

  it('touches nothing for documentation alone', () => {
    expect(affected('docs/remotes.md', 'mf-finance/README.md')).toEqual([]);
  });

  it('touches only the operator console and the journeys for a change in the console', () => {
    expect(affected('console/src/pages/overview.tsx')).toEqual(['console', 'e2e']);
  });

  it("touches the console as well as infra for a change in the admin API's contract", () => {
    expect(affected('infra/admin-contract/src/pins.ts')).toEqual(['console', 'infra', 'e2e']);
  });

  it('touches only the journeys for a change in them', () => {
    expect(affected('e2e/tests/canary.spec.ts')).toEqual(['e2e']);
  });

  it('says which file put a workspace on the list', () => {
    expect(affectedWorkspaces(['shell/src/chrome/header.tsx'], none).reasons).toMatchObject({
      shell: 'shell/src/chrome/header.tsx',
    });
  });
});

describe("a remote's server files", () => {
  it("follow the server plugin's relative imports into the remote's browser code, and leave its tests out", () => {
    const files = serverFiles(REPO_ROOT, 'mf-search');
    expect(files).toContain('mf-search/server/index.ts');
    expect(files).toContain('mf-search/src/features/results/lib/search-client.ts');
    expect(files).toContain('mf-search/package.json');
    expect(files).not.toContain('mf-search/server/index.test.ts');
  });
});
