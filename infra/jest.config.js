const { jestProject } = require('@forecourt/shared-config/build/jest-preset');

const project = jestProject(__dirname, { environment: 'node', transformPackages: ['@electric-sql/pglite', 'marked'] });
const [, swc] = Object.entries(project.transform)[0];

module.exports = {
  ...project,
  // PGlite's CommonJS build loads Node built-ins with import(), which jest's CommonJS sandbox
  // refuses without --experimental-vm-modules; letting swc rewrite it to require() fixes that.
  transform: { ...project.transform, '^.+/@electric-sql/pglite/dist/.+\\.cjs$': swc },
  // The public limits a test does not exercise, out of its way (test-kit/src/jest-limits.ts).
  setupFiles: ['<rootDir>/test-kit/src/jest-limits.ts'],
  // The repository's own tools (scripts/) are tested beside them too, and the admin API's
  // contract (admin-contract/, a workspace of its own so the console may import it) with infra.
  // Fixtures are inputs to tests (the import graph's hold a test file of their own), never run.
  testPathIgnorePatterns: ['/node_modules/', '/__fixtures__/'],
  testMatch: [
    '<rootDir>/{src,server,scripts,admin-contract/src,runtime/src,search-engine/src,data/src,stock-in/src,test-kit/src,tools/src}/**/*.test.{ts,tsx}',
  ],
};
