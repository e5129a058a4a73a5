import path from 'node:path';
import { loadConfig, type Config } from '@forecourt/config/load';
import { Registry } from '../registry';
import { LocalFolderStorage, type BuildStorage } from './build-storage';
import { ObjectStorage, type ObjectStorageSettings } from './object-storage';

/** The configuration variables of published builds' storage (docs/deploy.md, "Published builds: object storage"). */
export type BuildStorageConfig = Pick<
  Config,
  | 'FORECOURT_BUILDS_BUCKET'
  | 'FORECOURT_BUILDS_ENDPOINT'
  | 'FORECOURT_BUILDS_REGION'
  | 'FORECOURT_BUILDS_ACCESS_KEY_ID'
  | 'FORECOURT_BUILDS_SECRET_ACCESS_KEY'
  | 'FORECOURT_BUILDS_FORCE_PATH_STYLE'
  | 'FORECOURT_BUILDS_CACHE_MB'
>;

export interface BuildStorageSettings {
  /** Null: the registry folder in the data folder. */
  objectStorage: ObjectStorageSettings | null;
  /** The bound of each instance's in-memory cache of published files. */
  cacheBytes: number;
}

/** What the variables mean together; a half-configured bucket stops the start, naming what is missing. */
export function buildStorageSettings(config: BuildStorageConfig = loadConfig()): BuildStorageSettings {
  const cacheBytes = Math.round(config.FORECOURT_BUILDS_CACHE_MB * 1024 * 1024);
  const bucket = config.FORECOURT_BUILDS_BUCKET;
  const keyId = config.FORECOURT_BUILDS_ACCESS_KEY_ID;
  const secretKey = config.FORECOURT_BUILDS_SECRET_ACCESS_KEY;
  if (!bucket) {
    const stray = (
      ['FORECOURT_BUILDS_ENDPOINT', 'FORECOURT_BUILDS_ACCESS_KEY_ID', 'FORECOURT_BUILDS_SECRET_ACCESS_KEY'] as const
    ).find((name) => config[name]);
    if (stray)
      throw new Error(
        `FORECOURT_BUILDS_BUCKET must be set when ${stray} is: published builds would otherwise stay in the local folder`,
      );
    return { objectStorage: null, cacheBytes };
  }
  if (Boolean(keyId) !== Boolean(secretKey)) {
    throw new Error(
      keyId
        ? 'FORECOURT_BUILDS_SECRET_ACCESS_KEY must be set with FORECOURT_BUILDS_ACCESS_KEY_ID'
        : 'FORECOURT_BUILDS_ACCESS_KEY_ID must be set with FORECOURT_BUILDS_SECRET_ACCESS_KEY',
    );
  }
  return {
    objectStorage: {
      bucket,
      endpoint: config.FORECOURT_BUILDS_ENDPOINT,
      region: config.FORECOURT_BUILDS_REGION,
      accessKeyId: keyId,
      secretAccessKey: secretKey,
      forcePathStyle: config.FORECOURT_BUILDS_FORCE_PATH_STYLE === 'true',
    },
    cacheBytes,
  };
}

/** The storage the settings name: the bucket, or `{dataDir}/registry`. */
export function openBuildStorage(settings: BuildStorageSettings, dataDir: string): BuildStorage {
  return settings.objectStorage
    ? new ObjectStorage(settings.objectStorage)
    : new LocalFolderStorage(path.join(dataDir, 'registry'));
}

/**
 * The registry the environment names, for the CLI and start-up (the server's plugin does the
 * same): `forecourt publish` must write where the instances read.
 */
export function registryFromEnv(dataDir: string, env: NodeJS.ProcessEnv = process.env): Registry {
  const settings = buildStorageSettings(loadConfig(env));
  return new Registry(openBuildStorage(settings, dataDir), { cacheBytes: settings.cacheBytes });
}
