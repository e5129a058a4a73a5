/**
 * The one webpack config factory. A remote's (or the shell's) webpack.config.js only adds its
 * federation name, its exposes and, for the shell, its kind. Everything else is decided here once:
 * swc for TypeScript, the explicit shared allow-list, the build manifest the registry reads.
 *
 * Environment knobs (all optional):
 *   FORECOURT_OUT_DIR        build into this folder instead of ./dist
 *   FORECOURT_BUILD_VERSION  publish under another version than package.json's (demo pinning)
 *   FORECOURT_FAULT=mount    build a variant whose app throws on mount (failure-policy e2e)
 *   FORECOURT_FAULT=fragment build a variant whose exposed fragments (all but ./app) throw when
 *                            rendered (the publish gate's e2e)
 *   FORECOURT_DEV_PORT       the port of `npm run dev -w <team>` (default: the team's in DEV_PORTS)
 */
const path = require('node:path');
const fs = require('node:fs');
const webpack = require('webpack');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const root = path.resolve(__dirname, '..', '..');
const rootPackage = require(path.join(root, 'package.json'));

/** Singletons every React root on the page must share: one React, one store, one shared-config. */
const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  '@emotion/react',
  '@emotion/react/jsx-runtime',
  'jotai',
  '@forecourt/shared-config',
  // The router the teams use: the slice of react-router they import, one copy per page. The
  // whole 'react-router' package is no longer shared (builds before the slice, app contract 1,
  // bring their own and the shell finds it in the share scope: see define-app.tsx).
  '@forecourt/shared-config/router',
  // Accessible primitives: one copy per page, loaded only by pages that use them.
  '@forecourt/shared-config/slider',
  '@radix-ui/react-slider',
  '@forecourt/shared-config/tabs',
  '@radix-ui/react-tabs',
  '@forecourt/shared-config/dialog',
  '@radix-ui/react-dialog',
  // The form kit and the form library under it: one copy per page, loaded by pages with a form.
  '@forecourt/shared-config/form',
  'react-final-form',
  'final-form',
];

/**
 * Where each remote's dev server listens (`npm run dev -w <team>`), one port per team so all five
 * can run at once. The entry a developer override points at is http://localhost:<port>/remoteEntry.js.
 */
const DEV_PORTS = { 'mf-search': 3001, 'mf-vehicle': 3002, 'mf-finance': 3003, 'mf-leads': 3004, 'mf-locations': 3005 };

/**
 * The dev server of a remote (`webpack serve`): the build in memory, rebuilt on every save. The
 * remote runs inside the composed site (another origin) through a developer override, so:
 * - CORS is open: the page loads the entry and its chunks with crossorigin="anonymous" and fetches
 *   hot-update manifests; it is a developer's local build, nothing secret;
 * - the reload channel's address is fixed to this server, not derived from the page's host;
 * - a change a module accepts is swapped in place, anything else reloads the page (the
 *   federated app has no in-place refresh of React components).
 */
function devServer(team, port) {
  const entry = `http://localhost:${port}/remoteEntry.js`;
  return {
    host: 'localhost',
    port,
    hot: true,
    liveReload: true,
    static: false,
    headers: { 'Access-Control-Allow-Origin': '*' },
    client: {
      webSocketURL: `ws://localhost:${port}/ws`,
      overlay: { errors: true, warnings: false, runtimeErrors: false },
      logging: 'warn',
    },
    onListening() {
      console.log(
        `\n${team} dev server: ${entry}\n` +
          `Load it on a dealer site in your browser only (a developer override):\n` +
          `  npm run forecourt -- override <tenant> ${team} ${entry}\n` +
          `or open http://<tenant>.localhost:8080/_dev/overrides with the admin token.\n`,
      );
    },
  };
}

/** Federation runtime packages published as both CommonJS and ES modules (see resolve.alias). */
const FEDERATION_RUNTIME_PACKAGES = [
  '@module-federation/runtime',
  '@module-federation/runtime-core',
  '@module-federation/sdk',
  '@module-federation/error-codes',
];

/** A package's ES-module entry, as its package.json exports it to `import`. */
function esmBuild(name) {
  const dir = path.join(root, 'node_modules', name);
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return path.join(dir, pkg.exports['.'].import.default);
}

function installedVersion(name) {
  const pkgName = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
  // Read the file rather than require `${pkgName}/package.json`: some packages (Radix's) do not
  // export their package.json.
  return JSON.parse(fs.readFileSync(path.join(root, 'node_modules', pkgName, 'package.json'), 'utf8')).version;
}

function sharedConfig(pkg) {
  const declared = { ...pkg.dependencies };
  return Object.fromEntries(
    SHARED_SINGLETONS.map((name) => {
      const pkgName = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
      const version = declared[pkgName] ?? installedVersion(name);
      // Exact pins in package.json; a caret range lets a later patch/minor of the host satisfy
      // an older remote without a rebuild, which is the point of independent deploys.
      return [name, { singleton: true, requiredVersion: `^${version}`, version: installedVersion(name) }];
    }),
  );
}

/** Writes what the registry needs to publish and check a build: team, version, exposes, routes. */
class ForecourtBuildInfoPlugin {
  constructor(info) {
    this.info = info;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ForecourtBuildInfoPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ForecourtBuildInfoPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const entry = compilation.entrypoints.get('main');
          const info = { ...this.info, entryFiles: entry ? entry.getFiles().filter((f) => f.endsWith('.js')) : [] };
          compilation.emitAsset('forecourt-build.json', new webpack.sources.RawSource(JSON.stringify(info, null, 2)));
        },
      );
    });
  }
}

/** The exposes of a FORECOURT_FAULT=fragment build: every fragment replaced by one that throws. */
function withFaultyFragments(exposes) {
  const faulty = path.join(__dirname, '..', 'src', 'runtime', 'fault-fragment.tsx');
  return Object.fromEntries(Object.entries(exposes).map(([key, file]) => [key, key === './app' ? file : faulty]));
}

/**
 * @param {object} options
 * @param {string} options.dir         the package folder (pass __dirname)
 * @param {'host'|'remote'} [options.kind]
 * @param {string} options.name        federation container name, e.g. 'mf_search'
 * @param {Record<string,string>} [options.exposes]
 * @param {Record<string,string>} [options.alias]  the team's own resolve aliases (say why in its config)
 */
function createFederatedConfig({ dir, kind = 'remote', name, exposes: declaredExposes = {}, alias = {} }) {
  const exposes = process.env.FORECOURT_FAULT === 'fragment' ? withFaultyFragments(declaredExposes) : declaredExposes;
  const pkg = require(path.join(dir, 'package.json'));
  const team = path.basename(dir);
  const version = process.env.FORECOURT_BUILD_VERSION || pkg.version;
  const routesFile = path.join(dir, 'routes.json');
  const routes = kind === 'remote' ? JSON.parse(fs.readFileSync(routesFile, 'utf8')) : [];

  return (env, argv) => {
    const production = argv.mode !== 'development';
    const serving = Boolean(env && env.WEBPACK_SERVE) && kind === 'remote';
    const devPort = Number(process.env.FORECOURT_DEV_PORT) || DEV_PORTS[team] || 3000;
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      // Not an eval source map: a development build runs inside the composed page, whose policy
      // allows no eval.
      devtool: production ? false : 'cheap-module-source-map',
      // swc's minifier instead of webpack's default (terser), with terser's default two passes:
      // a build takes a third of the time (mf-vehicle 20.3 -> 7.4 s on the CI machine; the site
      // builds every remote at start and the journeys build six more), and what it sends is no
      // larger (mf-vehicle 192.2 -> 191.4 KB Brotli in all).
      ...(production ? { optimization: { minimizer: [swcMinimizer()] } } : {}),
      ...(serving ? { devServer: devServer(team, devPort) } : {}),
      output: {
        path: process.env.FORECOURT_OUT_DIR ? path.resolve(process.env.FORECOURT_OUT_DIR) : path.join(dir, 'dist'),
        // Chunks load relative to wherever the entry was served from: the registry decides the
        // versioned path, the build knows nothing of it.
        publicPath: 'auto',
        // Every build is published under its own versioned, immutable path, so entry names need
        // no hash; lazily loaded chunks keep one so a bad cache can never mix two builds.
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:10].js',
        // Versioned: two builds of one remote can meet on a page (the shell falls back from a
        // broken pinned version to the last-good one), and with one chunk-loading global the
        // second build would take the first one's already-installed chunks as its own.
        uniqueName: `${name}__${version.replace(/[^a-zA-Z0-9]/g, '_')}`,
        clean: true,
        crossOriginLoading: 'anonymous',
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        // One build of the federation runtime in the shell, the ES-module one, however each part
        // asks for it: parts of the plugin's runtime `require` these packages (their CommonJS
        // build) and our imports (`@module-federation/enhanced/runtime`) `import` them (the ES
        // build), which made two copies (the shell entry was 191 KB, 111 KB with one). The ES
        // build rather than the CommonJS one: webpack drops what the page never uses from ES
        // modules only (main.js 26.6 -> 22.1 KB as sent). Remotes take the shell's runtime
        // (externalRuntime below), so not for them.
        alias: {
          ...(kind === 'host'
            ? Object.fromEntries(FEDERATION_RUNTIME_PACKAGES.map((name) => [`${name}$`, esmBuild(name)]))
            : {}),
          ...alias,
        },
      },
      module: {
        rules: [
          // A library's stylesheet (Leaflet's) is imported as text and injected where it is used,
          // so it loads only with the component that needs it, like the platform's own styles.
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
                    // A remote's development build (its dev server) still runs on the page's one
                    // React, the shell's production build: React's development JSX helpers need
                    // internals that build lacks, so remotes always compile JSX for production.
                    react: {
                      runtime: 'automatic',
                      importSource: '@emotion/react',
                      development: !production && kind === 'host',
                    },
                  },
                  target: 'es2020',
                },
              },
            },
          },
        ],
      },
      plugins: [
        new webpack.DefinePlugin({
          __FORECOURT_TEAM__: JSON.stringify(team),
          __FORECOURT_VERSION__: JSON.stringify(version),
          __FORECOURT_FAULT__: JSON.stringify(process.env.FORECOURT_FAULT || ''),
        }),
        new ModuleFederationPlugin({
          name,
          filename: kind === 'remote' ? 'remoteEntry.js' : undefined,
          exposes: kind === 'remote' ? exposes : undefined,
          remotes: {},
          shared: sharedConfig(pkg),
          // The shell takes the copy of a shared module already on the page (its own, registered
          // at boot) instead of first downloading every registered remote's entry to compare
          // versions, which the runtime's default does whenever the shell asks for a shared module
          // after the remotes are registered: a panel or menu whose code loads on demand would
          // otherwise download all five remote entries. At boot, before the remotes are
          // registered, both strategies pick the shell's copies, so the page still has one React.
          // A remote's own setting is left alone: it lists no remotes, so it downloads none.
          ...(kind === 'host' ? { shareStrategy: 'loaded-first' } : {}),
          manifest: kind === 'remote',
          dts: false,
          // One federation runtime per page: the shell provides runtime-core and every remote
          // entry uses it instead of carrying its own copy (about 28 KB gzip per remote entry).
          experiments: {
            ...(kind === 'host' ? { provideExternalRuntime: true } : { externalRuntime: true }),
            // Pages load remotes from their remoteEntry.js (URLs from the server's manifest), never
            // from mf-manifest snapshots, and only in browsers: the runtime's snapshot and Node
            // code is dead weight on every page.
            optimization: { disableSnapshot: true, target: 'web' },
          },
        }),
        new ForecourtBuildInfoPlugin({
          team,
          kind,
          name,
          version,
          // The version of the sources this build was made from: the same as `version`, except
          // for a build published under another version (FORECOURT_BUILD_VERSION). The server
          // paints a page first only for a build of the sources its own code is (see infra's
          // first-paint.ts), and the release check ties a package version to one set of sources.
          sourceVersion: pkg.version,
          exposes: Object.keys(exposes),
          routes,
          shared: Object.fromEntries(SHARED_SINGLETONS.map((n) => [n, installedVersion(n)])),
          node: rootPackage.engines.node,
        }),
      ],
      performance: { hints: false },
      stats: 'errors-warnings',
    };
  };
}

/** swc's minifier with terser's default two passes: every production build's (the console's too). */
function swcMinimizer() {
  return new MinimizerPlugin({
    minify: MinimizerPlugin.swcMinify,
    minimizerOptions: { compress: { passes: 2 }, mangle: true },
  });
}

module.exports = { createFederatedConfig, SHARED_SINGLETONS, swcMinimizer };
