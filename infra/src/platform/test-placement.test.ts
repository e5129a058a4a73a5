import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@forecourt/config/paths';

/**
 * Where tests live (docs/conventions.md, "Beside the code"): a unit's tests beside it, `foo.test.ts`
 * for `foo.ts`, and a second kind of test for the same unit as `foo.<kind>.test.ts` (a property
 * test, a crash, a coverage contract). A test that drives an app or a package from outside (the
 * server over HTTP, a remote's routes, a package's exports) is named for the behaviour and sits
 * beside that entry: a folder holding `index`, `main` or `app`. Repository rules (the import
 * graph, the colour tokens) sit in `infra/src/platform`.
 */
const WORKSPACES = [
  'shared-config',
  'shell',
  'mf-search',
  'mf-vehicle',
  'mf-finance',
  'mf-leads',
  'mf-locations',
  'console',
  'infra',
];
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mjs', '.cjs', '.js'];
const ENTRIES = ['index', 'main', 'app'];
const RULES_FOLDER = path.join('infra', 'src', 'platform');
/** Tests of a whole layer, named in the suite's own runner and docs. */
const LAYER_TESTS = new Set([path.join('infra', 'data', 'src', 'data-layer.test.ts')]);

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (
      entry.name === 'node_modules' ||
      entry.name === '__fixtures__' ||
      entry.name.startsWith('dist') ||
      entry.name.startsWith('.')
    )
      return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const exists = (dir: string, base: string) =>
  SOURCE_EXTENSIONS.some((ext) => fs.existsSync(path.join(dir, base + ext)));

function placed(file: string): boolean {
  const relative = path.relative(REPO_ROOT, file);
  if (LAYER_TESTS.has(relative) || relative.startsWith(RULES_FOLDER + path.sep)) return true;
  const dir = path.dirname(file);
  const name = path.basename(file).replace(/\.test\.tsx?$/, '');
  const unit = name.includes('.') ? name.slice(0, name.indexOf('.')) : name;
  return exists(dir, name) || exists(dir, unit) || ENTRIES.some((entry) => exists(dir, entry));
}

it('every test sits beside its unit, or beside the entry it drives', () => {
  const strays = WORKSPACES.flatMap((workspace) => testFiles(path.join(REPO_ROOT, workspace)))
    .filter((file) => !placed(file))
    .map((file) => path.relative(REPO_ROOT, file));
  expect(strays).toEqual([]);
});
