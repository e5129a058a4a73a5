const { createFederatedConfig } = require('@forecourt/shared-config/build/federated-webpack');

module.exports = createFederatedConfig({
  dir: __dirname,
  name: 'mf_search',
  exposes: {
    './app': './src/app/app.tsx',
    './SearchBox': './src/features/search-box/components/search-box.tsx',
  },
});
