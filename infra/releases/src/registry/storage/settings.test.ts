import { loadConfig } from '@forecourt/config/load';
import { buildStorageSettings } from './settings';

const settingsOf = (env: NodeJS.ProcessEnv) => buildStorageSettings(loadConfig(env));

const BUCKET = {
  FORECOURT_BUILDS_BUCKET: 'builds',
  FORECOURT_BUILDS_ENDPOINT: 'http://storage.internal:9000',
  FORECOURT_BUILDS_ACCESS_KEY_ID: 'forecourt',
  FORECOURT_BUILDS_SECRET_ACCESS_KEY: 'very-secret',
  FORECOURT_BUILDS_FORCE_PATH_STYLE: 'true',
};

describe('published builds storage settings', () => {
  it('keeps builds in the local folder, with a 256 MB cache, when no bucket is named', () => {
    expect(settingsOf({})).toEqual({ objectStorage: null, cacheBytes: 256 * 1024 * 1024 });
  });

  it('uses the named bucket with its address, keys and path style', () => {
    expect(settingsOf({ ...BUCKET, FORECOURT_BUILDS_CACHE_MB: '64' })).toEqual({
      objectStorage: {
        bucket: 'builds',
        endpoint: 'http://storage.internal:9000',
        region: 'us-east-1',
        accessKeyId: 'forecourt',
        secretAccessKey: 'very-secret',
        forcePathStyle: true,
      },
      cacheBytes: 64 * 1024 * 1024,
    });
  });

  it('refuses an access key id without its secret key, naming the missing variable', () => {
    expect(() => settingsOf({ ...BUCKET, FORECOURT_BUILDS_SECRET_ACCESS_KEY: '' })).toThrow(
      'FORECOURT_BUILDS_SECRET_ACCESS_KEY must be set with FORECOURT_BUILDS_ACCESS_KEY_ID',
    );
  });

  it('refuses a storage address without a bucket, naming the bucket variable', () => {
    expect(() => settingsOf({ FORECOURT_BUILDS_ENDPOINT: 'http://storage.internal:9000' })).toThrow(
      'FORECOURT_BUILDS_BUCKET must be set when FORECOURT_BUILDS_ENDPOINT is',
    );
  });

  it('names every variable with a bad value', () => {
    expect(() =>
      settingsOf({
        ...BUCKET,
        FORECOURT_BUILDS_ENDPOINT: 'storage.internal',
        FORECOURT_BUILDS_FORCE_PATH_STYLE: 'yes',
        FORECOURT_BUILDS_CACHE_MB: '0',
      }),
    ).toThrow(
      /FORECOURT_BUILDS_ENDPOINT must be an http\(s\) address[^]*FORECOURT_BUILDS_FORCE_PATH_STYLE must be one of 'true', 'false'[^]*FORECOURT_BUILDS_CACHE_MB must be a positive number/,
    );
  });
});
