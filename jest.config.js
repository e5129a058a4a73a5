/** One jest run over every workspace; each project keeps its own environment. */
module.exports = {
  // A global option (ignored inside a project): a file's setup starts a platform (database,
  // seeded stock, a server), seconds alone and past a minute on a 2-core machine running the e2e
  // journeys beside it (setups and CLI publishes have taken over 60 s there). A test
  // or hook that truly hangs fails at 3 minutes.
  testTimeout: 180_000,
  // A worker whose heap has grown past 700 MB after a file is replaced by a fresh one. Each file
  // leaves modules behind (a platform's app, React's server renderer, every team's pages), and a
  // worker's heap reached 2.3 GB by the end of a run, where every full collection marks it all:
  // the unit suite took 456 CPU-seconds in 372 s without the limit and 337 in 323 s with it (the
  // same machine and load, one after the other). A fresh worker costs well under a second.
  workerIdleMemoryLimit: '700MB',
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
