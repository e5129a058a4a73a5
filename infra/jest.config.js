const { jestProject } = require('@forecourt/shared-config/build/jest-preset');

const project = jestProject(__dirname, { environment: 'node', transformPackages: ['@electric-sql/pglite', 'marked'] });
const [, swc] = Object.entries(project.transform)[0];
/** The workspaces inside infra/, by folder (admin-contract, runtime, ...). */
const NESTED = require('../package.json')
  .workspaces.filter((folder) => folder.startsWith('infra/'))
  .map((folder) => folder.slice('infra/'.length));

module.exports = {
  ...project,
  // PGlite's CommonJS build loads Node built-ins with import(), which jest's CommonJS sandbox
  // refuses without --experimental-vm-modules; letting swc rewrite it to require() fixes that.
  transform: { ...project.transform, '^.+/@electric-sql/pglite/dist/.+\\.cjs$': swc },
  // The public limits a test does not exercise, out of its way (test-kit/src/jest-limits.ts).
  setupFiles: ['<rootDir>/test-kit/src/jest-limits.ts'],
  // Fixtures are inputs to tests (the import graph's hold a test file of their own), never run.
  testPathIgnorePatterns: ['/node_modules/', '/__fixtures__/'],
  // infra's own tests (src/, and its scripts/ beside the scripts) and those of every workspace
  // nested in infra/ (admin-contract, runtime, search-engine, ...), read from the root's
  // workspaces so that a new one is tested without being listed here too: one jest project for
  // all of them, as they share this setup.
  testMatch: [
    `<rootDir>/{${['src', 'scripts', ...NESTED.map((folder) => `${folder}/src`)].join(',')}}/**/*.test.{ts,tsx}`,
  ],
};
