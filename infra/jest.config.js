const { jestProject } = require('../shared-config/build/jest-preset.js');

const project = jestProject(__dirname, { environment: 'node', transformPackages: ['@electric-sql/pglite', 'marked'] });
const [, swc] = Object.entries(project.transform)[0];

module.exports = {
  ...project,
  // PGlite's CommonJS build loads Node built-ins with import(), which jest's CommonJS sandbox
  // refuses without --experimental-vm-modules; letting swc rewrite it to require() fixes that.
  transform: { ...project.transform, '^.+/@electric-sql/pglite/dist/.+\\.cjs$': swc },
  // A file's setup starts a platform (its database, seeded stock, a server): seconds alone, past a
  // minute on a 2-core machine running the e2e journeys beside it (rehearsal E timed out
  // finance.test's at 60 s). A test or hook that truly hangs fails at 3 minutes.
  testTimeout: 180_000,
};
