import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Whether this code runs from its TypeScript source (tsx, jest) rather than from the production
 * bundle in infra/dist (`npm run build`, then `npm run serve`), which is plain JavaScript.
 */
export const runningFromSource = __filename.endsWith('.ts');

/**
 * A worker thread's script. From source, a new thread does not inherit the TypeScript loader the
 * server runs under, so it registers tsx before loading the source file. In the bundle each
 * worker is an entry point of its own (infra/scripts/bundle-server.mjs), written beside the
 * server's bundle, so the thread loads it with plain node.
 */
export function workerThreadScript(sourceFile: string, bundleName: string): { script: string; eval: boolean } {
  if (runningFromSource)
    return { script: `require('tsx/cjs/api').register(); require(${JSON.stringify(sourceFile)});`, eval: true };
  return { script: path.join(__dirname, `${bundleName}.js`), eval: false };
}

/**
 * The same for a piscina pool: its file, and the loader its threads need from source. The loader
 * compiles with the tsconfig of the working folder, and from the repository's root (the test
 * runner's) there is none, so JSX would compile for the classic runtime and a team's page would
 * not render: it is given infra's, which compiles the teams' server halves as the server does.
 */
export function poolWorkerScript(
  sourceFile: string,
  bundleName: string,
): { filename: string; execArgv?: string[]; env?: NodeJS.ProcessEnv } {
  if (runningFromSource) {
    return {
      filename: pathToFileURL(sourceFile).href,
      execArgv: ['--import', pathToFileURL(require.resolve('tsx')).href],
      env: { ...process.env, TSX_TSCONFIG_PATH: path.resolve(__dirname, '..', '..', 'tsconfig.json') },
    };
  }
  return { filename: pathToFileURL(path.join(__dirname, `${bundleName}.js`)).href };
}
