import { loadConfig } from './load';
import { resolveDataDir } from './paths';

/** Where a server listens and keeps its data, from the environment (config/schema.ts). */
export interface ServerSettings {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Count rate limits in this Redis with the other instances (REDIS_URL); unset: in this process. */
  redisUrl?: string;
}

export function serverSettings(env: NodeJS.ProcessEnv = process.env): ServerSettings {
  const config = loadConfig(env);
  return {
    port: config.PORT,
    host: config.HOST,
    dataDir: resolveDataDir(env),
    databaseUrl: config.DATABASE_URL,
    redisUrl: config.REDIS_URL,
  };
}

/**
 * The Node.js flags every server process starts with (`npm start`, `npm run serve`, the cluster,
 * the drills), as V8 reads them only at start. `--no-memory-reducer`: when a server goes quiet,
 * V8's memory reducer runs full collections of the whole heap to hand memory back, each a pause of
 * the request thread (a 92 MB heap: 12 to 52 ms each, several a minute). They were the floor of
 * every shopper's p99 in the public-load drill (health p99 about 50 ms with no load at all, 12 ms
 * without them); a server keeps its heap for the next busy minute instead.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--no-memory-reducer'];
