const { createFederatedConfig } = require('@forecourt/shared-config/build/federated-webpack');

module.exports = createFederatedConfig({
  dir: __dirname,
  name: 'mf_locations',
  exposes: {
    './app': './src/app/app.tsx',
    './DealerContact': './src/features/dealer-contact/components/dealer-contact.tsx',
    './LocationBlock': './src/features/location-block/components/location-block.tsx',
    './LocatedAt': './src/features/located-at/components/located-at.tsx',
    './OpeningHours': './src/features/opening-hours/components/opening-hours.tsx',
    './OurLocations': './src/features/carousel/components/our-locations.tsx',
    './ReviewSummary': './src/features/reviews/components/review-summary.tsx',
  },
});
