/** One jest run over every workspace; each project keeps its own environment. */
module.exports = {
  // A global option (ignored inside a project): a file's setup starts a platform (database,
  // seeded stock, a server), seconds alone and past a minute on a 2-core machine running the e2e
  // journeys beside it (rehearsals E, F and H timed out setups and CLI publishes at 60 s). A test
  // or hook that truly hangs fails at 3 minutes.
  testTimeout: 180_000,
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
