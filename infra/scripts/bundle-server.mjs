// Bundles the server for production (`npm run build`): plain JavaScript in infra/dist that node
// runs without TypeScript or tsx (`npm run serve`). One bundle per entry: the server, the CLI, and
// each worker thread's script, which the server starts from the bundle's folder
// (runtime/src/worker-script.ts). Libraries stay in node_modules; the workspace's own packages
// (@forecourt/*, TypeScript source) are bundled in. The build then fails
// when the bundle needs a package that `npm ci --omit=dev` would not install.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const INFRA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(INFRA, '..');
const OUT = path.join(INFRA, 'dist');

/** Output name (infra/dist/<name>.js) -> source. Worker names are the ones the pools ask for. */
export const ENTRIES = {
  serve: 'server/src/serve.ts',
  cli: 'cli/src/main.ts',
  'search-worker': 'search-engine/src/http/search-pool.ts',
  'pglite-worker': 'data/src/pglite-thread.ts',
  'render-worker': 'media/src/render-worker.ts',
  'first-paint-worker': 'pages/src/first-paint-worker.ts',
};

/** `@scope/name/sub` -> `@scope/name`; `name/sub` -> `name`. */
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Optional packages a library tries to load and does without (pg's native bindings, only on `pg.native`). */
const OPTIONAL = new Set(['pg-native']);

/**
 * Packages the bundle leaves to node_modules: each finds files of its own by path at run time
 * (WebAssembly and data files, native libraries, worker scripts, browsers), which a bundle does
 * not carry; and pino, whose transports run worker scripts of their own. Every other library is bundled in:
 * resolving and reading some 2,000 files was half of the server's start (2-core machine: 1.17 s
 * median to the first page with them loaded from node_modules).
 */
const EXTERNAL = new Set([
  '@electric-sql/pglite',
  'kysely-pglite-dialect',
  'pdfkit',
  'piscina',
  'playwright-core',
  'pino',
  'sharp',
  'thread-stream',
  'esbuild',
  'tsx',
  ...OPTIONAL,
]);

/**
 * The workspace's own packages are source to compile; so are the libraries, except those above.
 * Workspace imports are left to esbuild's resolver, so each file gets the JSX settings of its own
 * tsconfig (a path a plugin resolves does not).
 */
const externalExceptWorkspace = {
  name: 'external-except-workspace',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      EXTERNAL.has(packageName(args.path)) ? { external: true } : undefined,
    );
  },
};

/** The packages the bundle loads at run time that only a development install has. */
async function devOnlyPackages(metafile) {
  const lock = JSON.parse(await fs.readFile(path.join(ROOT, 'package-lock.json'), 'utf8'));
  const external = new Set();
  // What the output files load (type-only imports are gone by then); `require.resolve('tsx')`
  // runs from source only (infra/runtime/src/worker-script.ts).
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (imported.external && imported.kind !== 'require-resolve' && !imported.path.startsWith('node:'))
        external.add(packageName(imported.path));
    }
  }
  // Hoisted to the root, or nested under a workspace when versions differ; either copy will do.
  const installedForProduction = (name) =>
    Object.entries(lock.packages).some(
      ([where, entry]) =>
        (where === `node_modules/${name}` || where.endsWith(`/node_modules/${name}`)) &&
        !entry.dev &&
        !entry.devOptional &&
        !entry.link,
    );
  const builtins = new Set((await import('node:module')).builtinModules);
  return [...external]
    .filter((name) => !builtins.has(name) && !OPTIONAL.has(name) && !installedForProduction(name))
    .sort();
}

export async function bundleServer({ log = console.log } = {}) {
  const started = Date.now();
  await fs.rm(OUT, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: INFRA,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, source]) => [name, path.join(INFRA, source)])),
    outdir: OUT,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    plugins: [externalExceptWorkspace],
    // The first paint compiles teams' pages into the server, and a page may load a stylesheet in
    // the browser (mf-locations's map loads Leaflet's when it shows tiles): the server never runs
    // that import, and the stylesheet's own images have no loader here, so it bundles as empty.
    loader: { '.css': 'empty' },
    sourcemap: 'linked',
    // Stack traces in production name the source files and functions.
    keepNames: true,
    minifyWhitespace: true,
    minifySyntax: true,
    metafile: true,
    logLevel: 'warning',
  });
  const missing = await devOnlyPackages(result.metafile);
  if (missing.length > 0) {
    throw new Error(
      `The server bundle loads ${missing.join(', ')} at run time, but only as a devDependency: a production install (npm ci --omit=dev) would not have it. Move it to the dependencies of the package that imports it.`,
    );
  }
  const sizes = await Promise.all(
    Object.keys(ENTRIES).map(
      async (name) => `${name}.js ${((await fs.stat(path.join(OUT, `${name}.js`))).size / 1024).toFixed(0)} KB`,
    ),
  );
  log(`Bundled the server into ${path.relative(ROOT, OUT)}/ in ${Date.now() - started} ms: ${sizes.join(', ')}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  bundleServer().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
