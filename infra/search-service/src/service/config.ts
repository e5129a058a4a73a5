import path from 'node:path';
import { loadConfig } from '@forecourt/config/load';
import { resolveDataDir } from '@forecourt/config/paths';

/**
 * Where the platform reaches search when it does not embed it: an Algolia application, or the
 * platform's own search service run as a process of its own (`forecourt search-service`). Both
 * are reached the same way, an application id, an admin key, a search key and hosts; only the
 * hosts differ.
 */
export interface SearchConnection {
  appId: string;
  adminKey: string;
  searchKey: string;
  /** `host[:port]` entries the platform writes to and reads from; empty means Algolia's own hosts for `appId`. */
  hosts: string[];
  protocol: 'http' | 'https';
  /** What pages' browsers search: `host[:port]` entries; empty means the page's own origin. */
  browserHosts: string[];
}

const KEY_VARIABLES = ['SEARCH_APP_ID', 'SEARCH_ADMIN_KEY', 'SEARCH_SEARCH_KEY'] as const;

/**
 * One SEARCH_HOSTS-style list: `host[:port]` (https, as Algolia's hosts are named) or a URL with
 * its scheme, `https://host[:port]` or `http://host[:port]` (the search service on a private
 * network, where the balancer or the network, not the search service, terminates TLS).
 */
export function parseSearchHosts(
  entries: readonly string[],
  variable: string,
): { hosts: string[]; protocol: 'http' | 'https' } {
  const parsed = entries.map((entry) => {
    const scheme = /^([a-z]+):\/\//i.exec(entry)?.[1]?.toLowerCase();
    if (scheme !== undefined && scheme !== 'http' && scheme !== 'https')
      throw new Error(`${variable}: '${entry}' must be host[:port], https://host[:port] or http://host[:port]`);
    let url: URL;
    try {
      url = new URL(scheme ? entry : `https://${entry}`);
    } catch {
      throw new Error(`${variable}: '${entry}' is not a host name, e.g. search.example.com or http://10.0.0.5:8300`);
    }
    if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username || url.password) {
      throw new Error(`${variable}: '${entry}' must name a host and port only, without a path`);
    }
    return { host: url.host, protocol: (scheme ?? 'https') as 'http' | 'https' };
  });
  const protocols = new Set(parsed.map((p) => p.protocol));
  if (protocols.size > 1)
    throw new Error(
      `${variable}: every host must use the same scheme, http:// or https://, got '${entries.join(',')}'`,
    );
  return { hosts: parsed.map((p) => p.host), protocol: parsed[0]?.protocol ?? 'https' };
}

/**
 * The search connection the environment names, or null for the embedded search service (none of
 * SEARCH_APP_ID, SEARCH_ADMIN_KEY, SEARCH_SEARCH_KEY set). Setting some of the three is refused,
 * naming the missing ones: half a configuration would silently fall back to the embedded index.
 *
 * SEARCH_BROWSER_HOSTS: what pages' browsers search. Unset, they search SEARCH_HOSTS when those
 * are https (Algolia, or the search service behind its own public name), and the page's own
 * origin when SEARCH_HOSTS is an http:// address on a private network (the load balancer routes
 * `/1/` to the search service).
 */
export function searchConnectionFromEnv(env: NodeJS.ProcessEnv = process.env): SearchConnection | null {
  const config = loadConfig(env);
  const set = KEY_VARIABLES.filter((name) => config[name] !== undefined);
  if (set.length === 0) return null;
  const missing = KEY_VARIABLES.filter((name) => config[name] === undefined);
  if (missing.length > 0)
    throw new Error(
      `${missing.join(', ')} must be set with ${set.join(', ')}: search needs an application id, an admin key and a search key`,
    );
  const platform = parseSearchHosts(config.SEARCH_HOSTS, 'SEARCH_HOSTS');
  const browser = config.SEARCH_BROWSER_HOSTS.length
    ? parseSearchHosts(config.SEARCH_BROWSER_HOSTS, 'SEARCH_BROWSER_HOSTS').hosts
    : platform.protocol === 'https'
      ? platform.hosts
      : [];
  return {
    appId: config.SEARCH_APP_ID!,
    adminKey: config.SEARCH_ADMIN_KEY!,
    searchKey: config.SEARCH_SEARCH_KEY!,
    hosts: platform.hosts,
    protocol: platform.protocol,
    browserHosts: browser,
  };
}

/** How `forecourt search-service` runs: its address, its data folder and its worker threads. */
export interface SearchServiceSettings {
  port: number;
  host: string;
  /** The snapshot's folder, of this process alone. */
  dataDir: string;
  /** Search threads; the same SEARCH_WORKERS the embedded service reads. */
  workers: number | undefined;
}

export function searchServiceSettings(env: NodeJS.ProcessEnv = process.env): SearchServiceSettings {
  const config = loadConfig(env);
  return {
    port: config.SEARCH_SERVICE_PORT,
    host: config.SEARCH_SERVICE_HOST,
    dataDir: config.SEARCH_SERVICE_DATA_DIR ?? path.join(resolveDataDir(env), 'search-service'),
    workers: config.SEARCH_WORKERS,
  };
}
