const { createFederatedConfig } = require('@forecourt/shared-config/build/federated-webpack');

module.exports = createFederatedConfig({
  dir: __dirname,
  name: 'mf_leads',
  exposes: {
    './app': './src/app/app.tsx',
    './EnquiryCta': './src/features/enquiry-cta/components/enquiry-cta.tsx',
  },
});
