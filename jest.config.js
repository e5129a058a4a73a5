/** One jest run over every workspace; each project keeps its own environment. */
module.exports = {
  projects: [
    '<rootDir>/shared-config',
    '<rootDir>/shell',
    '<rootDir>/mf-search',
    '<rootDir>/mf-vehicle',
    '<rootDir>/mf-finance',
    '<rootDir>/mf-leads',
    '<rootDir>/mf-locations',
    '<rootDir>/infra',
  ],
};
