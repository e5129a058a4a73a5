const path = require('node:path');
const { createFederatedConfig } = require('@forecourt/shared-config/build/federated-webpack');

module.exports = createFederatedConfig({
  dir: __dirname,
  name: 'mf_search',
  exposes: {
    './app': './src/app/app.tsx',
    './SearchBox': './src/features/search-box/components/search-box.tsx',
    './SimilarCars': './src/features/similar-cars/components/similar-cars.tsx',
    './BudgetFinder': './src/features/budget-finder/components/budget-finder-fragment.tsx',
    './PromoCards': './src/features/promo-cards/components/promo-cards-fragment.tsx',
  },
  // instantsearch.js's stock history router is never used here (we pass our own), but it imports
  // qs statically: see build/qs-unused.js.
  alias: { qs$: path.join(__dirname, 'build', 'qs-unused.js') },
});
