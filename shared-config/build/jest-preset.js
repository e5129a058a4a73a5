/**
 * Jest settings every workspace shares: swc transpiles TypeScript and JSX (no type
 * checking here; `npm run typecheck` does that), tests sit beside the code.
 */
const path = require('node:path');

/**
 * Packages that ship ESM only, which Node loads with require(esm) but jest's CommonJS sandbox
 * cannot: swc rewrites them. cookie@2 (light-my-request, behind fastify.inject) and
 * content-disposition@3 (@fastify/static).
 */
const ESM_ONLY = ['cookie', 'content-disposition'];

function jestProject(dir, { environment = 'jsdom', transformPackages = [] } = {}) {
  return {
    displayName: path.basename(dir),
    rootDir: dir,
    testEnvironment: environment,
    testMatch: ['<rootDir>/{src,server}/**/*.test.{ts,tsx}'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', importSource: '@emotion/react' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // Stylesheets are text in a build (asset/source); a test gets an empty one.
    moduleNameMapper: { '\\.css$': path.join(__dirname, 'jest-empty-css.js') },
    transformIgnorePatterns: [`/node_modules/(?!(${[...ESM_ONLY, ...transformPackages].join('|')})/)`],
    // What the shared webpack factory defines for a build; tests see a fixed, obvious value.
    globals: { __FORECOURT_TEAM__: path.basename(dir), __FORECOURT_VERSION__: '0.0.0-test', __FORECOURT_FAULT__: '' },
    // Both install the console guard (a test fails on console.error/warn it did not declare);
    // the jsdom one also gives component tests their page: fetch, federation runtime, DOM gaps.
    setupFilesAfterEnv: [path.join(__dirname, environment === 'jsdom' ? 'jest-setup-dom.js' : 'jest-setup-console.js')],
  };
}

module.exports = { jestProject };
