/**
 * The operator console: a site of its own, not a remote. It is never pinned or composed into a
 * dealer's page, so it has no federation and no shared singletons; infra serves this build on the
 * console's host (infra/server/src/routes/console-site.ts).
 *
 * Every file but index.html carries its content hash in its name, so the server may let browsers
 * keep them for a year; index.html is fetched anew and names the current ones. Brotli and gzip
 * copies are written beside each text file for the server to send as they are.
 */
const path = require('node:path');
const zlib = require('node:zlib');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { swcMinimizer } = require('@forecourt/shared-config/build/federated-webpack');

/** Text worth compressing; a copy smaller than this saves less than its headers cost. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
const MIN_BYTES = 1024;

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: __dirname,
    entry: { main: './src/index.tsx' },
    devtool: production ? false : 'cheap-module-source-map',
    // The dealer sites' minifier (swc): a third of terser's time, no larger output.
    ...(production ? { optimization: { minimizer: [swcMinimizer()] } } : {}),
    output: {
      path: process.env.FORECOURT_OUT_DIR ? path.resolve(process.env.FORECOURT_OUT_DIR) : path.join(__dirname, 'dist'),
      // Absolute: index.html answers every app route (/tenants/x/y), whose relative base differs.
      publicPath: '/',
      filename: 'assets/[name].[contenthash:10].js',
      chunkFilename: 'assets/[name].[contenthash:10].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    module: {
      rules: [
        // uPlot's stylesheet, imported as text and put in the page by the chart (one style source: emotion).
        { test: /\.css$/, type: 'asset/source' },
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('swc-loader'),
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: {
                  react: { runtime: 'automatic', importSource: '@emotion/react', development: !production },
                },
                target: 'es2020',
              },
            },
          },
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: './src/index.html',
        // The scripts go in the head, deferred: they download while the page parses.
        scriptLoading: 'defer',
        minify: production,
      }),
      ...(production
        ? [
            new CompressionPlugin({
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              test: COMPRESSIBLE,
              compressionOptions: {
                params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
              },
              threshold: MIN_BYTES,
              minRatio: 0.9,
            }),
            new CompressionPlugin({
              filename: '[path][base].gz',
              algorithm: 'gzip',
              test: COMPRESSIBLE,
              compressionOptions: { level: 9 },
              threshold: MIN_BYTES,
              minRatio: 0.9,
            }),
          ]
        : []),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
};
