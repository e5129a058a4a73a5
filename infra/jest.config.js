const { jestProject } = require('../shared-config/build/jest-preset.js');

const project = jestProject(__dirname, { environment: 'node' });
const [, swc] = Object.entries(project.transform)[0];

module.exports = {
  ...project,
  // PGlite's CommonJS build loads Node built-ins with import(), which jest's CommonJS sandbox
  // refuses without --experimental-vm-modules; letting swc rewrite it to require() fixes that.
  transform: { ...project.transform, '^.+/@electric-sql/pglite/dist/.+\\.cjs$': swc },
  // light-my-request (fastify.inject) requires cookie@2 and @fastify/static requires
  // content-disposition@3, which ship ESM only (Node loads them with require(esm); jest cannot).
  transformIgnorePatterns: ['/node_modules/(?!(@electric-sql/pglite|cookie|content-disposition)/)'],
  testTimeout: 60_000,
};
