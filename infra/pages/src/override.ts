import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { REMOTE_TEAMS, type RemoteTeam } from '@forecourt/shared-config/teams';
import { isProduction, type Config } from '@forecourt/config/load';
import type { RotatingSecret } from '@forecourt/config/secrets';

/**
 * The developer override: one browser runs a team's local build (its dev server) in place of the
 * pinned version on the composed site, in the manner of import-map overrides. It lives in a
 * cookie that names the site and, per team, the entry URL to load, signed with a secret of this
 * install (`override-secret` in the data dir), so nobody without that secret can make one: a
 * shopper cannot forge an override, and one handed to a browser only ever changes that browser.
 *
 * Token format, for the cookie and for the link that sets it:
 *   base64url(JSON payload) "." base64url(HMAC-SHA256(secret, "fc-override:<purpose>:" + payload part))
 * The purpose ('cookie' or 'grant') is part of what is signed, so a link cannot be replayed as a
 * cookie nor a cookie as a link.
 */

export const OVERRIDE_COOKIE = 'fc_override';
/** The data-dir secret the tokens are signed with (see secrets.ts). */
export const OVERRIDE_SECRET_NAME = 'override-secret';
/** How long an override lasts once set: a working day, so a forgotten one does not follow the developer for weeks. */
export const OVERRIDE_DEFAULT_LIFETIME_SECONDS = 8 * 60 * 60;
export const OVERRIDE_MAX_LIFETIME_SECONDS = 24 * 60 * 60;
/** How long the link the admin API hands out can be opened: long enough to paste it into a browser. */
export const OVERRIDE_GRANT_SECONDS = 10 * 60;
/** The version the page's manifest names for an overridden remote: not a published version. */
export const OVERRIDE_VERSION = 'override';
/** An entry URL longer than this is not a dev server's. */
const MAX_ENTRY_LENGTH = 2048;

export type OverridePurpose = 'cookie' | 'grant';

const PayloadSchema = z
  .object({
    v: z.literal(1),
    /** The tenant (site) the override is for: another site ignores it. */
    t: z.string().min(1).max(100),
    /** Per team, the entry URL to load instead of the pinned version's. */
    r: z.partialRecord(z.enum(REMOTE_TEAMS), z.string().min(1).max(MAX_ENTRY_LENGTH)),
    /** Expiry, in seconds since the epoch. */
    e: z.number().int().positive(),
    /** A link only: how long the cookie it sets lives, in seconds. */
    l: z.number().int().positive().max(OVERRIDE_MAX_LIFETIME_SECONDS).optional(),
  })
  .strict();

export interface Override {
  tenant: string;
  remotes: Partial<Record<RemoteTeam, string>>;
  /** Seconds since the epoch. */
  expiresAt: number;
  /** Links only: the life of the cookie the link sets, in seconds. */
  lifetimeSeconds?: number;
}

function mac(secret: string, purpose: OverridePurpose, body: string): Buffer {
  return createHmac('sha256', secret).update(`fc-override:${purpose}:${body}`).digest();
}

export function signOverride(secret: string, purpose: OverridePurpose, override: Override): string {
  const payload: z.infer<typeof PayloadSchema> = {
    v: 1,
    t: override.tenant,
    r: override.remotes,
    e: override.expiresAt,
    ...(override.lifetimeSeconds ? { l: override.lifetimeSeconds } : {}),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, purpose, body).toString('base64url')}`;
}

/**
 * The override a token carries, or null when it is malformed, not signed with this secret for
 * this purpose, expired, or names an entry the origin rules no longer allow (rules tightened
 * after a cookie was set apply to it at once).
 */
export function verifyOverride(
  secret: string | RotatingSecret,
  purpose: OverridePurpose,
  token: string | undefined,
  nowSeconds: number,
  rules: OriginRules,
): Override | null {
  if (!token || token.length > 8192) return null;
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  // While the secret is rotated, links and cookies signed with the previous one still hold.
  const secrets =
    typeof secret === 'string' ? [secret] : [secret.current, secret.previous].filter((s) => s !== undefined);
  const signedWithOne = secrets.some((candidate) => {
    const expected = mac(candidate, purpose, body);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!signedWithOne) return null;
  let parsed: z.infer<typeof PayloadSchema>;
  try {
    const result = PayloadSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    if (!result.success) return null;
    parsed = result.data;
  } catch {
    return null;
  }
  if (parsed.e <= nowSeconds) return null;
  const remotes = Object.entries(parsed.r) as Array<[RemoteTeam, string]>;
  if (remotes.length === 0 || remotes.some(([, entry]) => checkEntryUrl(entry, rules).error)) return null;
  return {
    tenant: parsed.t,
    remotes: Object.fromEntries(remotes),
    expiresAt: parsed.e,
    ...(parsed.l ? { lifetimeSeconds: parsed.l } : {}),
  };
}

/**
 * Where an override may load code from. Outside production: any http(s) address (a dev server on
 * this machine, a colleague's on the network). In production only the hosts listed, by default
 * the developer's own machine (localhost, 127.0.0.1, *.localhost): whoever got hold of a link
 * could then at worst load code from their own machine into their own browser, never from a
 * server someone else controls into a browser that opened a stranger's link.
 */
export interface OriginRules {
  /** Hosts allowed; '*.' at the start allows every subdomain. Null: any host. */
  allowedHosts: readonly string[] | null;
}

export const DEFAULT_OVERRIDE_HOSTS = ['localhost', '127.0.0.1', '*.localhost'] as const;

/** FORECOURT_OVERRIDE_HOSTS (comma-separated) replaces the production list; outside production every host is allowed. */
export function originRulesFromConfig(config: Config): OriginRules {
  if (!isProduction(config)) return { allowedHosts: null };
  if (config.FORECOURT_OVERRIDE_HOSTS.length === 0) return { allowedHosts: [...DEFAULT_OVERRIDE_HOSTS] };
  const hosts = config.FORECOURT_OVERRIDE_HOSTS.map((h) => h.toLowerCase());
  for (const host of hosts) {
    if (!/^(\*\.)?[a-z0-9.-]+$/.test(host))
      throw new Error(`FORECOURT_OVERRIDE_HOSTS: '${host}' is not a host name (use e.g. localhost,*.dev.example.com)`);
  }
  return { allowedHosts: hosts };
}

function hostAllowed(hostname: string, allowed: readonly string[]): boolean {
  return allowed.some((rule) =>
    rule.startsWith('*.') ? hostname.endsWith(rule.slice(1)) && hostname.length > rule.length - 1 : hostname === rule,
  );
}

/** The normalised entry URL and its origin, or the reason it cannot be an override. */
export function checkEntryUrl(
  raw: string,
  rules: OriginRules,
): { url: string; origin: string; error?: undefined } | { error: string } {
  if (raw.length > MAX_ENTRY_LENGTH) return { error: 'the entry URL is too long' };
  if (!URL.canParse(raw)) return { error: 'the entry URL is not a valid absolute URL' };
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: 'the entry URL must be http or https' };
  // Credentials in the URL would end up in the page's boot data for anyone to read.
  if (url.username || url.password) return { error: 'the entry URL must not hold a user name or password' };
  if (rules.allowedHosts && !hostAllowed(url.hostname, rules.allowedHosts)) {
    return {
      error: `the entry URL's host is not allowed for overrides here (allowed: ${rules.allowedHosts.join(', ')})`,
    };
  }
  url.hash = '';
  return { url: url.href, origin: url.origin };
}

/**
 * The sources an override's page needs in its Content Security Policy: each entry's origin for
 * scripts (the entry and its chunks) and for connections (hot-update manifests), plus the matching
 * WebSocket origin, which the dev server's reload channel uses and `http:` sources do not cover.
 */
export function overrideCspSources(entries: readonly string[]): { scriptSrc: string[]; connectSrc: string[] } {
  const origins = [...new Set(entries.map((entry) => new URL(entry).origin))];
  const sockets = origins.map((origin) => origin.replace(/^http/, 'ws'));
  return { scriptSrc: origins, connectSrc: [...origins, ...sockets] };
}
