const { jestProject } = require('./build/jest-preset.js');

module.exports = jestProject(__dirname);
