import path from 'node:path';
import { searchConnectionFromEnv, searchServiceSettings } from './config';

const keys = { SEARCH_APP_ID: 'FORECOURT', SEARCH_ADMIN_KEY: 'admin-key', SEARCH_SEARCH_KEY: 'search-key' };

describe('the search connection the environment names', () => {
  it('is the embedded search when no key is set', () => {
    expect(searchConnectionFromEnv({})).toBeNull();
  });

  it('reaches the search service on a private network over http, and pages search their own origin', () => {
    expect(searchConnectionFromEnv({ ...keys, SEARCH_HOSTS: 'http://10.0.0.5:8300' })).toEqual({
      appId: 'FORECOURT',
      adminKey: 'admin-key',
      searchKey: 'search-key',
      hosts: ['10.0.0.5:8300'],
      protocol: 'http',
      browserHosts: [],
    });
  });

  it('reaches hosts named without a scheme over https, and pages search the same hosts (Algolia)', () => {
    expect(
      searchConnectionFromEnv({ ...keys, SEARCH_HOSTS: 'a.search.example, https://b.search.example:8443' }),
    ).toMatchObject({
      hosts: ['a.search.example', 'b.search.example:8443'],
      protocol: 'https',
      browserHosts: ['a.search.example', 'b.search.example:8443'],
    });
  });

  it("sends pages' browsers to SEARCH_BROWSER_HOSTS when set", () => {
    expect(
      searchConnectionFromEnv({
        ...keys,
        SEARCH_HOSTS: 'http://search:8300',
        SEARCH_BROWSER_HOSTS: 'search.example.com',
      }),
    ).toMatchObject({ hosts: ['search:8300'], browserHosts: ['search.example.com'] });
  });

  it('refuses part of the keys, naming the missing ones', () => {
    expect(() => searchConnectionFromEnv({ SEARCH_APP_ID: 'FORECOURT' })).toThrow(
      'SEARCH_ADMIN_KEY, SEARCH_SEARCH_KEY must be set with SEARCH_APP_ID',
    );
  });

  it('refuses hosts of two schemes, a path or another scheme, naming SEARCH_HOSTS', () => {
    expect(() => searchConnectionFromEnv({ ...keys, SEARCH_HOSTS: 'http://a:1,https://b' })).toThrow(
      /^SEARCH_HOSTS: every host must use the same scheme/,
    );
    expect(() => searchConnectionFromEnv({ ...keys, SEARCH_HOSTS: 'http://a:1/search' })).toThrow(
      "SEARCH_HOSTS: 'http://a:1/search' must name a host and port only, without a path",
    );
    expect(() => searchConnectionFromEnv({ ...keys, SEARCH_HOSTS: 'ftp://a' })).toThrow(
      "SEARCH_HOSTS: 'ftp://a' must be host[:port], https://host[:port] or http://host[:port]",
    );
  });
});

describe("the search service's settings", () => {
  it('listen on 127.0.0.1:8300 with the snapshot in a folder of its own under the data folder', () => {
    expect(searchServiceSettings({ FORECOURT_DATA_DIR: 'site-data', SEARCH_WORKERS: '1' })).toEqual({
      port: 8300,
      host: '127.0.0.1',
      dataDir: path.resolve('site-data', 'search-service'),
      workers: 1,
    });
  });

  it('refuses a port that is not one, naming SEARCH_SERVICE_PORT', () => {
    expect(() => searchServiceSettings({ SEARCH_SERVICE_PORT: '70000' })).toThrow(
      /SEARCH_SERVICE_PORT must be a port number/,
    );
  });
});
