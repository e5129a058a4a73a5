import { ESLint } from 'eslint';
import path from 'node:path';

/**
 * The team boundaries of docs/architecture.md are enforced by the repo's lint config; these tests
 * lint small snippets as if they sat in a team's folder and check what is refused.
 */
const root = path.resolve(__dirname, '..', '..', '..');
// The repo's own config object, passed in directly: ESLint would otherwise load it with a
// dynamic import, which jest's module sandbox does not allow.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require(path.join(root, 'eslint.config.js')) as ESLint.Options['overrideConfig'];
const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });

async function errorsOf(rule: string, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}
const boundaryErrors = (file: string, code: string) => errorsOf('no-restricted-imports', file, code);
const relativeErrors = (file: string, code: string) => errorsOf('workspace/no-relative-into-workspace', file, code);

describe('team boundaries', () => {
  it('refuse a relative import of another team’s file', async () => {
    const errors = await boundaryErrors(
      'mf-search/src/features/x.ts',
      "import { VehiclePage } from '../../../mf-vehicle/src/app/vehicle-app';\nexport const x = VehiclePage;\n",
    );
    expect(errors).toEqual([expect.stringContaining('Import across a team boundary')]);
  });

  it('refuse another team’s package by name', async () => {
    const errors = await boundaryErrors('mf-finance/src/x.ts', "import '@forecourt/mf-leads';\n");
    expect(errors).toHaveLength(1);
  });

  it('refuse a team importing infra', async () => {
    const errors = await boundaryErrors(
      'mf-leads/server/x.ts',
      "import { buildApp } from '../../infra/server/src/app';\nexport const x = buildApp;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('refuse infra importing a team’s UI', async () => {
    const errors = await boundaryErrors('infra/src/x.ts', "import '../../mf-search/src/app/app';\n");
    expect(errors).toHaveLength(1);
  });

  it('allow shared-config everywhere', async () => {
    const errors = await boundaryErrors(
      'mf-search/src/x.ts',
      "import { paths } from '@forecourt/shared-config';\nexport const x = paths;\n",
    );
    expect(errors).toEqual([]);
  });

  it('allow infra the types of a team’s contract, and nothing else of its src', async () => {
    const contract = await boundaryErrors(
      'infra/src/x.ts',
      "import type { VehicleSummary } from '../../mf-vehicle/src/contract';\nexport type X = VehicleSummary;\n",
    );
    const beside = await boundaryErrors('infra/src/x.ts', "import '../../mf-vehicle/src/contract-parts';\n");
    expect([contract, beside]).toEqual([[], [expect.stringContaining('infra may import only')]]);
  });

  it('refuse the operator console importing infra or a team', async () => {
    const infra = await boundaryErrors(
      'console/src/api/x.ts',
      "import type { PinChange } from '../../../infra/src/db/pins';\nexport type X = PinChange;\n",
    );
    const team = await boundaryErrors('console/src/x.ts', "import '@forecourt/mf-search';\n");
    expect([infra, team]).toEqual([
      [expect.stringContaining('The operator console imports no team')],
      [expect.stringContaining('The operator console imports no team')],
    ]);
  });

  it('allow the operator console the admin API’s contract by its package name only', async () => {
    const named = await boundaryErrors(
      'console/src/api/x.ts',
      "import { Audit } from '@forecourt/admin-contract';\nexport const x = Audit;\n",
    );
    const inside = await boundaryErrors(
      'console/src/api/x.ts',
      "import { Audit } from '../../../infra/admin-contract/src/operators';\nexport const x = Audit;\n",
    );
    expect([named, inside]).toEqual([[], [expect.stringContaining('The operator console imports no team')]]);
  });

  it('allow the admin API’s contract zod and its own files, nothing else', async () => {
    const own = await boundaryErrors(
      'infra/admin-contract/src/x.ts',
      "import { z } from 'zod';\nimport { Timestamp } from './common';\nexport const x = [z, Timestamp];\n",
    );
    const infra = await boundaryErrors(
      'infra/admin-contract/src/x.ts',
      "import { loadConfig } from '@forecourt/config/load';\nexport const x = loadConfig;\n",
    );
    const node = await boundaryErrors(
      'infra/admin-contract/src/x.ts',
      "import fs from 'node:fs';\nexport const x = fs;\n",
    );
    expect([own, infra, node]).toEqual([
      [],
      [expect.stringContaining("The admin API's contract imports zod")],
      [expect.stringContaining("The admin API's contract imports zod")],
    ]);
  });

  it('allow the operator console react-router itself and shared-config', async () => {
    const errors = await boundaryErrors(
      'console/src/x.tsx',
      "import { Link } from 'react-router';\nimport { expectConsole } from '@forecourt/shared-config/testing';\nexport const x = [Link, expectConsole];\n",
    );
    expect(errors).toEqual([]);
  });

  it('allow infra a team’s plugin, contract and routes by the names its package exports, and nothing else by name', async () => {
    const named = await boundaryErrors(
      'infra/src/x.ts',
      "import server from '@forecourt/mf-vehicle/server';\nimport type { Car } from '@forecourt/mf-vehicle/contract';\nimport routes from '@forecourt/mf-finance/routes.json';\nexport const x = [server, routes];\nexport type X = Car;\n",
    );
    const other = await boundaryErrors('infra/src/x.ts', "import '@forecourt/mf-vehicle/webpack.config.js';\n");
    expect([named, other]).toEqual([[], [expect.stringContaining('by the names its package exports')]]);
  });
});

describe('workspaces by name', () => {
  it('refuse a relative path from one workspace into another, naming the package to import', async () => {
    const errors = await relativeErrors(
      'infra/src/x.ts',
      "import server from '../../mf-search/server';\nexport const x = server;\n",
    );
    expect(errors).toEqual([expect.stringContaining('import it by its package name (@forecourt/mf-search/...)')]);
  });

  it('refuse a relative path into a workspace nested in infra', async () => {
    const errors = await relativeErrors(
      'infra/src/x.ts',
      "import { textProblem } from '../runtime/src/text';\nexport const x = textProblem;\n",
    );
    expect(errors).toEqual([expect.stringContaining('@forecourt/runtime')]);
  });

  it('refuse a require() by a relative path into another workspace', async () => {
    const errors = await relativeErrors('e2e/x.ts', "export const x = require('../infra/src/paths');\n");
    expect(errors).toHaveLength(1);
  });

  it('allow a relative path within a workspace, and a package name across', async () => {
    const errors = await relativeErrors(
      'infra/server/src/x.ts',
      "import { loadConfig } from '@forecourt/config/load';\nimport { textProblem } from '@forecourt/runtime/text';\nexport const x = [loadConfig, textProblem];\n",
    );
    expect(errors).toEqual([]);
  });
});
