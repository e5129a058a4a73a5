const { jestProject } = require('@forecourt/shared-config/build/jest-preset');

module.exports = {
  ...jestProject(__dirname),
  // The app imports instantsearch.js's ES build (for webpack's tree shaking); jest runs its CommonJS twin.
  moduleNameMapper: { '^instantsearch\\.js/es/(.*)$': 'instantsearch.js/cjs/$1' },
};
