/**
 * The server renders with React's production build, in the demo too.
 *
 * React picks its build when it is first loaded: its entry files load the development or the
 * production file by NODE_ENV at that moment. The demo (`forecourt start`) keeps NODE_ENV unset,
 * because NODE_ENV=production turns on the production rules (no seeding, no /_dev pages, required
 * settings). So the demo's server rendered every first paint with React's development build,
 * which checks and records for each element what a developer's console would need: a search
 * page's render took about twice its production time, and the public-load drill measured the
 * development build instead of what shoppers get. Nothing on the server reads React's
 * development warnings (the pages' own code is checked in the tests, which keep that build:
 * jest sets NODE_ENV=test and never runs this).
 *
 * Each entry that starts a server (`forecourt start`, `serve`, this folder's main) awaits it
 * before loading anything that loads React; nothing else runs while it holds NODE_ENV.
 */
export function loadProductionReact(): void {
  const mode = process.env.NODE_ENV;
  // A test run, or an explicit choice of another mode, keeps what it asked for.
  if (mode !== undefined && mode !== '' && mode !== 'production') return;
  process.env.NODE_ENV = 'production';
  try {
    // Every entry that chooses a build by NODE_ENV, loaded now so the module cache keeps the
    // production files for every later import.
    // require, not import(): Node's import of a CommonJS package reads both of React's builds to
    // learn their exports' names, and only require runs the one entry alone.
    /* eslint-disable @typescript-eslint/no-require-imports */
    require('react');
    require('react/jsx-runtime');
    require('react-dom');
    require('react-dom/server');
    /* eslint-enable @typescript-eslint/no-require-imports */
  } finally {
    if (mode === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = mode;
  }
}
