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
