import fs from 'node:fs/promises';
import S3rver from 's3rver';
import type { ObjectStorageSettings } from '@forecourt/releases/registry/storage/object-storage';
import { tempDir } from './fake-build';

export interface TestObjectStorage {
  /** How to reach its one bucket, as the server's settings would say it. */
  settings: ObjectStorageSettings;
  /** Stops the server (what "storage unreachable" looks like) and removes its files. */
  close(): Promise<void>;
}

// The SDK warns once per process that its releases from 2027 need a newer Node than the one the
// project supports today; that is for operators (the server still prints it), not for test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/**
 * A real S3-protocol server for tests: s3rver on a free port of 127.0.0.1, its objects in a
 * temporary folder, with one empty bucket. Its fixed credentials are the ones it checks
 * signatures with.
 */
export async function startTestObjectStorage(bucket = 'forecourt-builds'): Promise<TestObjectStorage> {
  const directory = await tempDir('forecourt-s3-');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  let running = true;
  return {
    settings: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    close: async () => {
      if (running) await server.close();
      running = false;
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
