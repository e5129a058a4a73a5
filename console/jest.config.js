const path = require('node:path');
const { jestProject } = require('../shared-config/build/jest-preset.js');

const base = jestProject(__dirname);

module.exports = {
  ...base,
  setupFilesAfterEnv: [...base.setupFilesAfterEnv, path.join(__dirname, 'src', 'testing', 'setup.ts')],
};
