import fs from 'node:fs/promises';
import fp from 'fastify-plugin';
import { Registry } from '@forecourt/releases/registry/registry';
import { ObjectStorage } from '@forecourt/releases/registry/storage/object-storage';
import {
  buildStorageSettings,
  openBuildStorage,
  type BuildStorageSettings,
} from '@forecourt/releases/registry/storage/settings';

declare module 'fastify' {
  interface FastifyInstance {
    registry: Registry;
  }
}

export interface RegistryPluginOptions {
  dataDir: string;
  /** Where published builds are kept and how much of them this instance caches (default: from the environment). */
  storage?: BuildStorageSettings | undefined;
}

export default fp<RegistryPluginOptions>(
  async (fastify, options) => {
    const settings = options.storage ?? buildStorageSettings();
    const storage = openBuildStorage(settings, options.dataDir);
    const registry = new Registry(storage, { cacheBytes: settings.cacheBytes });
    // Created up front: the static file server serves from it before the first publish.
    if (registry.localRoot) await fs.mkdir(registry.localRoot, { recursive: true });
    if (storage instanceof ObjectStorage) fastify.addHook('onClose', async () => storage.close());
    fastify.decorate('registry', registry);
  },
  { name: 'registry', fastify: '5.x' },
);
