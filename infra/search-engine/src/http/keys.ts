/**
 * API keys as Algolia has them: one application id, an admin key (every operation), search-only
 * keys, and secured API keys derived from a search key:
 * `base64(hex(hmac_sha256(parentKey, queryParams)) + queryParams)`, where queryParams (sorted,
 * URL-encoded, as algoliasearch's `generateSecuredApiKey` builds them) may hold `filters`,
 * `restrictIndices`, `validUntil`, `userToken` and other search parameters.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SearchError } from '../engine/errors';

export interface SecuredRestrictions {
  /** ANDed with every request's filters. */
  filters?: string;
  /** Index names or `prefix*` / `*suffix` patterns. */
  restrictIndices?: string[];
  /** Unix seconds. */
  validUntil?: number;
  userToken?: string;
  /** Any other search parameters in the key; they override the request's. */
  params: Record<string, string>;
}

export type Principal = { kind: 'admin' } | { kind: 'search'; restrictions: SecuredRestrictions | null };

export interface KeyStoreOptions {
  appId: string;
  adminKey: string;
  searchKeys?: readonly string[];
  /** Clock in milliseconds (tests). */
  now?: () => number;
}

const INVALID = 'Invalid Application-ID or API key';

function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** The query string algoliasearch signs: keys sorted, arrays joined with commas, %20 for spaces. */
export function serializeRestrictions(restrictions: Record<string, unknown>): string {
  return Object.keys(restrictions)
    .filter((k) => restrictions[k] !== undefined)
    .sort()
    .map((k) => {
      const v = restrictions[k];
      return `${k}=${encodeURIComponent(Array.isArray(v) ? v.join(',') : String(v)).replace(/\+/g, '%20')}`;
    })
    .join('&');
}

export function generateSecuredApiKey(parentApiKey: string, restrictions: Record<string, unknown>): string {
  const query = serializeRestrictions(restrictions);
  return Buffer.from(createHmac('sha256', parentApiKey).update(query).digest('hex') + query).toString('base64');
}

export class KeyStore {
  readonly appId: string;
  private readonly adminKey: string;
  private readonly searchKeys: Set<string>;
  private readonly now: () => number;

  constructor(options: KeyStoreOptions) {
    if (options.adminKey === '') throw new Error('KeyStore: adminKey must not be empty');
    this.appId = options.appId;
    this.adminKey = options.adminKey;
    this.searchKeys = new Set(options.searchKeys ?? []);
    this.now = options.now ?? Date.now;
  }

  addSearchKey(key: string): void {
    this.searchKeys.add(key);
  }

  removeSearchKey(key: string): void {
    this.searchKeys.delete(key);
  }

  /** A secured key for `parentKey` (must be a known search key), exactly as Algolia's clients make it. */
  generateSecuredApiKey(
    parentKey: string,
    restrictions: {
      filters?: string;
      restrictIndices?: string | string[];
      validUntil?: number;
      userToken?: string;
      [param: string]: unknown;
    },
  ): string {
    if (!this.searchKeys.has(parentKey)) throw new Error('generateSecuredApiKey: unknown parent search key');
    return generateSecuredApiKey(parentKey, restrictions);
  }

  /** Who is calling; throws a 403 `SearchError` for a wrong application id or key. */
  authenticate(appId: string | undefined, apiKey: string | undefined): Principal {
    if (!appId || !apiKey || appId !== this.appId) throw new SearchError(403, INVALID);
    if (safeEqual(apiKey, this.adminKey)) return { kind: 'admin' };
    for (const key of this.searchKeys) if (safeEqual(apiKey, key)) return { kind: 'search', restrictions: null };
    const restrictions = this.verifySecured(apiKey);
    if (!restrictions) throw new SearchError(403, INVALID);
    if (restrictions.validUntil !== undefined && this.now() / 1000 > restrictions.validUntil) {
      throw new SearchError(403, 'The validity of the secured API key has expired');
    }
    return { kind: 'search', restrictions };
  }

  private verifySecured(apiKey: string): SecuredRestrictions | null {
    if (apiKey.length > 8192 || !/^[A-Za-z0-9+/]+=*$/.test(apiKey)) return null;
    const decoded = Buffer.from(apiKey, 'base64').toString('utf8');
    if (decoded.length < 64 || !/^[0-9a-f]{64}$/.test(decoded.slice(0, 64))) return null;
    const mac = decoded.slice(0, 64);
    const query = decoded.slice(64);
    let valid = false;
    for (const parent of this.searchKeys) {
      if (safeEqual(createHmac('sha256', parent).update(query).digest('hex'), mac)) valid = true;
    }
    if (!valid) return null;
    const params: Record<string, string> = {};
    const restrictions: SecuredRestrictions = { params };
    for (const [key, value] of new URLSearchParams(query)) {
      if (key === 'filters') restrictions.filters = value;
      else if (key === 'restrictIndices')
        restrictions.restrictIndices = value
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '');
      else if (key === 'validUntil') restrictions.validUntil = Number(value);
      else if (key === 'userToken') restrictions.userToken = value;
      else if (key !== 'referers' && key !== 'restrictSources') params[key] = value;
    }
    if (restrictions.validUntil !== undefined && !Number.isFinite(restrictions.validUntil)) return null;
    return restrictions;
  }
}

/** Whether a principal may read `indexName` (restrictIndices patterns: `name`, `prefix*`, `*suffix`). */
export function mayReadIndex(principal: Principal, indexName: string): boolean {
  if (principal.kind === 'admin' || !principal.restrictions?.restrictIndices) return true;
  return principal.restrictions.restrictIndices.some((pattern) => {
    if (pattern === '*') return true;
    if (pattern.endsWith('*')) return indexName.startsWith(pattern.slice(0, -1));
    if (pattern.startsWith('*')) return indexName.endsWith(pattern.slice(1));
    return pattern === indexName;
  });
}
