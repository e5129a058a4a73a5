const { createFederatedConfig } = require('@forecourt/shared-config/build/federated-webpack');

module.exports = createFederatedConfig({
  dir: __dirname,
  name: 'mf_leads',
  exposes: {
    './app': './src/app/app.tsx',
    './EnquiryCta': './src/features/enquiry-cta/components/enquiry-cta.tsx',
    './EnquireDialog': './src/features/lead-dialogs/components/enquire-dialog.tsx',
    './TestDriveDialog': './src/features/lead-dialogs/components/test-drive-dialog.tsx',
    './RequestPhotosDialog': './src/features/lead-dialogs/components/request-photos-dialog.tsx',
    './FindSimilarDialog': './src/features/lead-dialogs/components/find-similar-dialog.tsx',
    './QuickEnquiry': './src/features/quick-enquiry/components/quick-enquiry.tsx',
    './MyEnquiries': './src/features/my-enquiries/components/my-enquiries.tsx',
  },
});
