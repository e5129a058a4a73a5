/**
 * What every browser build is made of, from webpack's own stats: builds the shell and each remote
 * (production mode, the teams' own webpack configs, into a temporary folder: the teams' dist is
 * left alone) and lists every module that went into their chunks, concatenated ones included.
 * Fails, naming the module, when
 * any of them comes from a server package (fastify and its family, pino, pg, kysely, ioredis, the
 * S3 client, PGlite, piscina, pdfkit, playwright) or from shared-config's server kit.
 *
 *   npm run browser-modules            (about 2 minutes on 2 cores)
 *
 * The import-graph check (`npm run deps`, rules browser-not-server-packages and
 * browser-not-server-kit) keeps such an import out of the source in CI; this shows, from the
 * builds themselves, that none is in them.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import webpack, { type Configuration, type StatsModule } from 'webpack';
import { REPO_ROOT } from '@forecourt/config/paths';

const TEAMS = ['shell', 'mf-search', 'mf-vehicle', 'mf-finance', 'mf-leads', 'mf-locations'];
const SERVER_ONLY =
  /node_modules\/(fastify|fastify-plugin|@fastify\/[^/]+|pino|pg|kysely|ioredis|@aws-sdk\/[^/]+|@electric-sql\/pglite|piscina|pdfkit|playwright-core)\/|shared-config\/src\/server\//;

/** Every module's name in the stats, the modules concatenated into others included. */
function moduleNames(modules: StatsModule[] | undefined): string[] {
  return (modules ?? [])
    .flatMap((m) => [m.nameForCondition ?? m.name ?? '', ...moduleNames(m.modules)])
    .filter(Boolean);
}

async function build(team: string): Promise<string[]> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the teams' configs are CommonJS
  const config = require(path.join(REPO_ROOT, team, 'webpack.config.js')) as
    Configuration | ((env: unknown, argv: unknown) => Configuration);
  const resolved = typeof config === 'function' ? config({}, { mode: 'production' }) : config;
  // To a temporary folder: the stats are what is wanted, not the files (the team's dist is left alone).
  const out = await fs.mkdtemp(path.join(os.tmpdir(), `browser-modules-${team}-`));
  const compiler = webpack({ ...resolved, mode: 'production', output: { ...resolved.output, path: out } });
  const stats = await new Promise<webpack.Stats>((resolve, reject) =>
    compiler.run((error, result) => (error || !result ? reject(error ?? new Error('no stats')) : resolve(result))),
  );
  await new Promise<void>((resolve) => compiler.close(() => resolve()));
  await fs.rm(out, { recursive: true, force: true });
  if (stats.hasErrors()) throw new Error(`${team}: the build failed:\n${stats.toString('errors-only')}`);
  return moduleNames(stats.toJson({ all: false, modules: true, nestedModules: true }).modules);
}

async function main(): Promise<number> {
  let failed = 0;
  for (const team of TEAMS) {
    const started = Date.now();
    const names = await build(team);
    const serverOnly = names.filter((name) => SERVER_ONLY.test(name));
    const packages = new Set(names.map((name) => /node_modules\/((@[^/]+\/)?[^/]+)/.exec(name)?.[1]).filter(Boolean));
    console.log(
      `${team}: ${names.length} modules from ${packages.size} packages, ${serverOnly.length} from a server package or the server kit (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    for (const name of serverOnly) console.log(`  server-only: ${name}`);
    if (serverOnly.length > 0) failed += 1;
  }
  console.log(failed === 0 ? 'No browser build holds a server module.' : `${failed} build(s) hold a server module.`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
