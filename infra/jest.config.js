const { jestProject } = require('../shared-config/build/jest-preset.js');

module.exports = { ...jestProject(__dirname, { environment: 'node' }), testTimeout: 60_000 };
