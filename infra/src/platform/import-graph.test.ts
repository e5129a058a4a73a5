import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * `npm run deps` checks the import graph with the repo's .dependency-cruiser.cjs. These tests run
 * dependency-cruiser with that same config over small trees laid out like the repo (a team folder
 * with src/ and server/, another team, infra) in __fixtures__/import-graph, and check what it
 * reports: each way of writing an import that breaks a rule, and nothing for one that breaks none.
 */
const root = path.resolve(__dirname, '..', '..', '..');
const fixtures = path.join(__dirname, '__fixtures__', 'import-graph');

// dependency-cruiser is an ES module only, which jest's CommonJS sandbox cannot load: a node
// process of its own runs the API, as the command line does, and prints what it found.
const CRUISE = `
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const [configFile, baseDir] = process.argv.slice(1);
const options = await extractDepcruiseOptions(configFile);
const tsConfig = extractTSConfig(path.resolve(path.dirname(configFile), options.tsConfig.fileName));
const { output } = await cruise(['.'], { ...options, baseDir }, {}, { tsConfig });
const violations = output.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
process.stdout.write(JSON.stringify({ modules: output.modules.map((m) => m.source), violations }));
`;

interface Violation {
  rule: string;
  from: string;
  to: string;
}

async function cruiseFixture(name: string): Promise<{ modules: string[]; violations: Violation[] }> {
  const configFile = path.join(root, '.dependency-cruiser.cjs');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', CRUISE, configFile, path.join(fixtures, name)],
    { cwd: root },
  );
  return JSON.parse(stdout) as { modules: string[]; violations: Violation[] };
}

describe('import graph rules', () => {
  let violations: Violation[] = [];
  beforeAll(async () => {
    ({ violations } = await cruiseFixture('violations'));
  });

  it('refuse a team’s src importing its server by a relative path', () => {
    expect(violations).toContainEqual({
      rule: 'src-not-server',
      from: 'mf-vehicle/src/relative.ts',
      to: 'mf-vehicle/server/car.ts',
    });
  });

  it('refuse a team’s src importing its server by a deep relative path', () => {
    expect(violations).toContainEqual({
      rule: 'src-not-server',
      from: 'mf-vehicle/src/features/deep/deep.ts',
      to: 'mf-vehicle/server/car.ts',
    });
  });

  it('refuse a team’s src importing its server by package name', () => {
    expect(violations).toContainEqual({
      rule: 'src-not-server',
      from: 'mf-vehicle/src/package-path.ts',
      to: 'mf-vehicle/server/car.ts',
    });
  });

  it('refuse a cycle of two files', () => {
    const cycle = violations.filter((v) => v.rule === 'no-circular').flatMap((v) => [v.from, v.to]);
    expect(new Set(cycle)).toEqual(new Set(['mf-vehicle/src/cycle/first.ts', 'mf-vehicle/src/cycle/second.ts']));
  });

  it('refuse a team importing another team’s file, even its contract', () => {
    expect(violations).toContainEqual({
      rule: 'team-boundary',
      from: 'mf-search/src/cross-team.ts',
      to: 'mf-vehicle/src/contract.ts',
    });
  });

  it('refuse infra importing a team’s UI', () => {
    expect(violations).toContainEqual({
      rule: 'team-boundary',
      from: 'infra/src/ui.ts',
      to: 'mf-vehicle/src/relative.ts',
    });
  });

  it('refuse browser code importing a server package, even for a type', () => {
    expect(violations).toContainEqual(
      expect.objectContaining({
        rule: 'browser-not-server-packages',
        from: 'mf-vehicle/src/server-package.ts',
        to: expect.stringMatching(/node_modules\/fastify\//),
      }),
    );
  });

  it('refuse browser code importing shared-config’s server kit', () => {
    expect(violations).toContainEqual({
      rule: 'browser-not-server-kit',
      from: 'mf-vehicle/src/server-kit.ts',
      to: 'shared-config/src/server/kit.ts',
    });
  });

  it('refuse the operator console importing infra', () => {
    expect(violations).toContainEqual({
      rule: 'team-boundary',
      from: 'console/src/admin-types.ts',
      to: 'infra/src/ui.ts',
    });
  });

  it('refuse the operator console reaching into the admin API’s contract past its entry', () => {
    expect(violations).toContainEqual({
      rule: 'team-boundary',
      from: 'console/src/contract-inside.ts',
      to: 'infra/admin-contract/src/pins.ts',
    });
  });

  it('refuse the admin API’s contract importing anything but zod and its own files', () => {
    expect(violations).toContainEqual({
      rule: 'admin-contract-only-zod',
      from: 'infra/admin-contract/src/index.ts',
      to: 'infra/src/ui.ts',
    });
  });

  it('refuse the runtime layer importing any other workspace', () => {
    expect(violations).toContainEqual({
      rule: 'runtime-imports-no-workspace',
      from: 'infra/runtime/src/text.ts',
      to: 'infra/src/ui.ts',
    });
  });

  it('refuse the search engine importing a framework of ours, even its own package’s HTTP layer', () => {
    expect(violations).toContainEqual({
      rule: 'engine-imports-nothing-of-ours',
      from: 'infra/search-engine/src/engine/index.ts',
      to: 'infra/search-engine/src/http/plugin.ts',
    });
  });

  it('refuse the search engine’s package importing the server above it', () => {
    expect(violations).toContainEqual({
      rule: 'search-engine-below-the-platform',
      from: 'infra/search-engine/src/http/plugin.ts',
      to: 'infra/src/ui.ts',
    });
  });

  it('refuse the data layer importing the server', () => {
    expect(violations).toContainEqual({
      rule: 'data-layer-below-the-platform',
      from: 'infra/data/src/stock.ts',
      to: 'infra/src/ui.ts',
    });
  });

  it('refuse stock in importing the server', () => {
    expect(violations).toContainEqual({
      rule: 'stock-in-over-the-data-layer',
      from: 'infra/stock-in/src/stock-writes.ts',
      to: 'infra/src/ui.ts',
    });
  });

  it('refuse the configuration importing the server', () => {
    expect(violations).toContainEqual({
      rule: 'config-below-the-platform',
      from: 'infra/config/src/schema.ts',
      to: 'infra/src/ui.ts',
    });
  });

  it('refuse a partner adapter importing the server', () => {
    expect(violations).toContainEqual({
      rule: 'partners-below-the-server',
      from: 'infra/partners/src/gateway.ts',
      to: 'infra/src/ui.ts',
    });
  });

  it('refuse release management importing the server', () => {
    expect(violations).toContainEqual({
      rule: 'releases-below-the-server',
      from: 'infra/releases/src/registry.ts',
      to: 'infra/src/ui.ts',
    });
  });

  it('refuse the search service importing the server', () => {
    expect(violations).toContainEqual({
      rule: 'search-service-below-the-server',
      from: 'infra/search-service/src/indexer.ts',
      to: 'infra/src/ui.ts',
    });
  });

  it('refuse the demo data importing the server', () => {
    expect(violations).toContainEqual({
      rule: 'demo-data-below-the-server',
      from: 'infra/demo-data/src/seed.ts',
      to: 'infra/src/ui.ts',
    });
  });

  it('refuse a domain service importing the server', () => {
    expect(violations).toContainEqual({
      rule: 'domain-below-the-server',
      from: 'infra/domain/src/leads.ts',
      to: 'infra/src/ui.ts',
    });
  });

  it('refuse media importing the server', () => {
    expect(violations).toContainEqual({
      rule: 'media-below-the-server',
      from: 'infra/media/src/photos.ts',
      to: 'infra/src/ui.ts',
    });
  });

  it('refuse the pages importing the server', () => {
    expect(violations).toContainEqual({
      rule: 'pages-below-the-server',
      from: 'infra/pages/src/page.ts',
      to: 'infra/src/ui.ts',
    });
  });

  it('refuse the server importing the CLI above it', () => {
    expect(violations).toContainEqual({
      rule: 'nothing-imports-the-cli',
      from: 'infra/src/start.ts',
      to: 'infra/cli/src/main.ts',
    });
  });

  it('refuse product code importing a test kit or a tool, and let a tool use the kit', () => {
    const product = violations.filter((v) => v.rule === 'product-not-tools');
    expect(product).toHaveLength(2);
    expect(product).toEqual(
      expect.arrayContaining([
        { rule: 'product-not-tools', from: 'infra/src/product.ts', to: 'infra/tools/src/drill.ts' },
        { rule: 'product-not-tools', from: 'infra/src/product.ts', to: 'infra/src/testing/kit.ts' },
      ]),
    );
  });

  it('report each broken import once, and nothing else', () => {
    expect(violations).toHaveLength(27);
  });

  it('report nothing for a team whose halves share a contract, mounted by infra, nor for the console reading the admin API’s contract, nor for the layers used downwards', async () => {
    const clean = await cruiseFixture('clean');
    expect(clean.modules.sort()).toEqual([
      'console/src/overview.ts',
      'infra/admin-contract/src/index.ts',
      'infra/data/src/stock.ts',
      'infra/runtime/src/text.ts',
      'infra/search-engine/src/engine/index.ts',
      'infra/src/mount.test.ts',
      'infra/src/mount.ts',
      'infra/src/testing/kit.ts',
      'infra/stock-in/src/stock-writes.ts',
      'mf-vehicle/server/index.ts',
      'mf-vehicle/src/contract.ts',
      'mf-vehicle/src/page.ts',
    ]);
    expect(clean.violations).toEqual([]);
  });
});
