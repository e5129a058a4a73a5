import { ESLint } from 'eslint';
import path from 'node:path';

/**
 * Browser code calls the API from a feature's api/ module, through shared-config's helper; the
 * repo's lint config refuses `fetch` anywhere else in a `src`. These tests lint small snippets as
 * if they sat in a folder and check what is refused and what is left alone.
 */
const root = path.resolve(__dirname, '..', '..', '..');
// The repo's own config object, passed in directly: ESLint would otherwise load it with a
// dynamic import, which jest's module sandbox does not allow.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require(path.join(root, 'eslint.config.js')) as ESLint.Options['overrideConfig'];
const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });

async function fetchErrors(file: string, code: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter(
      (m) =>
        (m.ruleId === 'no-restricted-globals' || m.ruleId === 'no-restricted-properties') &&
        m.message.includes("the feature's api/ module"),
    )
    .map((m) => m.line);
}

const calls =
  "export const a = () => fetch('/api/x');\nexport const b = () => window.fetch('/api/x');\nexport const c = () => globalThis.fetch('/api/x');\n";

describe('calls to the API', () => {
  it('refuse fetch, window.fetch and globalThis.fetch in a component, naming each line', async () => {
    expect(await fetchErrors('mf-vehicle/src/features/x/components/x.tsx', calls)).toEqual([1, 2, 3]);
  });

  it('refuse them in the shell, in shared-config and in the operator console', async () => {
    const lines = await Promise.all(
      ['shell/src/chrome/x.tsx', 'shared-config/src/runtime/x.ts', 'console/src/pages/x.tsx'].map((file) =>
        fetchErrors(file, calls),
      ),
    );
    expect(lines).toEqual([
      [1, 2, 3],
      [1, 2, 3],
      [1, 2, 3],
    ]);
  });

  it("leave them to a feature's api/ module, a team's, and shared-config's helper", async () => {
    const files = [
      'mf-search/src/features/x/api/x.ts',
      'mf-locations/src/lib/api/x.ts',
      'console/src/api/x.ts',
      'shared-config/src/runtime/api.ts',
    ];
    expect(await Promise.all(files.map((file) => fetchErrors(file, calls)))).toEqual([[], [], [], []]);
  });

  it('leave them to tests and test kits, which stand in for the server', async () => {
    const files = [
      'mf-leads/src/features/x/components/x.test.tsx',
      'mf-locations/src/testing/x.ts',
      'shared-config/src/testing/x.ts',
    ];
    expect(await Promise.all(files.map((file) => fetchErrors(file, calls)))).toEqual([[], [], []]);
  });

  it('leave the server halves alone', async () => {
    expect(await fetchErrors('mf-finance/server/x.ts', calls)).toEqual([]);
  });
});
