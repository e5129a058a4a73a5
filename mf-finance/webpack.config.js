const { createFederatedConfig } = require('@forecourt/shared-config/build/federated-webpack');

module.exports = createFederatedConfig({
  dir: __dirname,
  name: 'mf_finance',
  exposes: {
    './app': './src/app/app.tsx',
    './FinanceCta': './src/features/finance-cta/components/finance-cta.tsx',
    './FinanceDialog': './src/features/finance-dialog/components/finance-dialog.tsx',
    './Calculator': './src/features/finance-calculator/components/calculator.tsx',
  },
});
