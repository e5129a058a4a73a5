const { createFederatedConfig } = require('@forecourt/shared-config/build/federated-webpack');

module.exports = createFederatedConfig({
  dir: __dirname,
  name: 'mf_vehicle',
  exposes: {
    './app': './src/app/app.tsx',
    './KeyInfo': './src/features/key-info/components/key-info.tsx',
    './MyReservations': './src/features/checkout/components/my-reservations.tsx',
  },
});
