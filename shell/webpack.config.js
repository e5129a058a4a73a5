const { createFederatedConfig } = require('@forecourt/shared-config/build/federated-webpack');

module.exports = createFederatedConfig({ dir: __dirname, kind: 'host', name: 'shell' });
