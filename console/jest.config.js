const { jestProject } = require('../shared-config/build/jest-preset.js');

module.exports = jestProject(__dirname);
