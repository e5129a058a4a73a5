/** One jest run over every workspace; each project keeps its own environment. */
module.exports = {
  // A global option (ignored inside a project): PGlite starts in 2-3 s, more on a busy 2-core box.
  testTimeout: 60_000,
  projects: [
    '<rootDir>/shared-config',
    '<rootDir>/shell',
    '<rootDir>/mf-search',
    '<rootDir>/mf-vehicle',
    '<rootDir>/mf-finance',
    '<rootDir>/mf-leads',
    '<rootDir>/mf-locations',
    '<rootDir>/console',
    '<rootDir>/infra',
  ],
};
