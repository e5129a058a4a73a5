const { jestProject } = require('@forecourt/shared-config/build/jest-preset');

module.exports = jestProject(__dirname);
