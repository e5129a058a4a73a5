import net from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '@forecourt/config/server-settings';

const INFRA = path.resolve(__dirname, '..', '..');

/**
 * The platform as `npm start` runs it (`forecourt start`), in a process of its own, for drills
 * and benchmarks that must kill it or keep its CPU apart from their own. `entry: 'serve'` runs the
 * server alone as a production restart does (`server/src/main.ts`: serves what is already
 * published, no build or publish step first). Started with node itself, not the tsx wrapper
 * (which would leave its child running when killed).
 */
export function startServerProcess(options: {
  port: number;
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  nodeArgs?: string[];
  entry?: 'start' | 'serve';
}): ChildProcess {
  const entry = options.entry === 'serve' ? ['server/src/main.ts'] : ['cli/src/main.ts', 'start'];
  return spawn(process.execPath, [...SERVER_NODE_FLAGS, ...(options.nodeArgs ?? []), '--import', 'tsx', ...entry], {
    cwd: INFRA,
    env: {
      ...process.env,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...options.env,
      PORT: String(options.port),
      FORECOURT_DATA_DIR: options.dataDir,
    },
    stdio: ['ignore', options.nodeArgs?.length ? 'inherit' : 'ignore', 'inherit'],
  });
}

/**
 * Refuses a port something already listens on: a server started there exits at once (the address
 * is in use) while the one already there answers the health check, and a drill or benchmark would
 * then measure a server it never started, of other code and other settings.
 */
export async function assertPortFree(port: number): Promise<void> {
  const server = net.createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'EADDRINUSE'
        ? `port ${port} is in use by another process: stop it or choose another port (--port)`
        : `port ${port} cannot be used: ${String(error)}`,
      { cause: error },
    );
  }
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

export async function waitHealthy(child: ChildProcess, port: number, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} while starting`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not become healthy within ${timeoutMs / 1000} s`);
}

export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

/** A port free on 127.0.0.1 right now, for a server process to listen on. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
