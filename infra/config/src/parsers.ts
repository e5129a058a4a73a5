import path from 'node:path';
import { z } from 'zod';
import { parseTrustedProxies, type TrustedProxies } from './trusted-proxies';

/**
 * The parsers of the configuration schema: each turns one environment variable's text (undefined
 * when unset; empty counts as unset) into its typed value, with the default it means when unset.
 * An issue's message is completed with the variable's name in front ("PORT must be ..."), so a
 * bad value stops the start naming the variable.
 */
export interface Parsed<T> {
  parse: z.ZodType<T, string | undefined>;
  /** What unset means, in words, for the docs and `forecourt doctor`. */
  default: string;
}

const unset = (raw: string | undefined): raw is undefined | '' => raw === undefined || raw === '';

function parser<T>(
  defaultText: string,
  read: (raw: string | undefined, fail: (message: string) => never) => T,
): Parsed<T> {
  class Invalid extends Error {}
  return {
    default: defaultText,
    parse: z
      .string()
      .optional()
      .transform((raw, ctx) => {
        try {
          return read(raw, (message) => {
            throw new Invalid(message);
          });
        } catch (error) {
          if (!(error instanceof Invalid)) throw error;
          ctx.addIssue({ code: 'custom', message: error.message });
          return z.NEVER;
        }
      }),
  };
}

/**
 * A positive number (or zero, with allowZero): the fallback when unset, an error otherwise; a
 * typo must stop the start, not turn a limit off.
 */
export function positive(fallback: number, options: { integer?: boolean; allowZero?: boolean } = {}): Parsed<number> {
  return parser(String(fallback), (raw, fail) => {
    if (unset(raw)) return fallback;
    const value = Number(raw);
    const above = (n: number) => (options.allowZero ? n >= 0 : n > 0);
    const ok = options.integer ? Number.isInteger(value) && above(value) : Number.isFinite(value) && above(value);
    if (!ok)
      fail(
        `must be a ${options.allowZero ? 'non-negative' : 'positive'} ${options.integer ? 'integer' : 'number'}, got '${raw}'`,
      );
    return value;
  });
}

/**
 * A positive number whose default belongs to the code that uses it (a product rule, a platform
 * limit): undefined when unset; `defaultText` says what that default is.
 */
export function optionalPositive(
  defaultText: string,
  options: { integer?: boolean; allowZero?: boolean } = {},
): Parsed<number | undefined> {
  const { parse } = positive(0, options);
  return parser(defaultText, (raw, fail) => {
    if (unset(raw)) return undefined;
    const result = parse.safeParse(raw);
    if (!result.success) fail(result.error.issues[0]?.message ?? 'is not valid');
    return result.data;
  });
}

/** A whole number in a range; undefined when unset (the reader's default applies, e.g. from the machine's cores). */
export function integerInRange(min: number, max: number, defaultText: string): Parsed<number | undefined> {
  return parser(defaultText, (raw, fail) => {
    if (unset(raw)) return undefined;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max)
      fail(`must be a whole number from ${min} to ${max}, not '${raw}'`);
    return value;
  });
}

export function port(fallback: number): Parsed<number> {
  return parser(String(fallback), (raw, fail) => {
    if (unset(raw)) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0 || value > 65535) fail(`must be a port number, not '${raw}'`);
    return value;
  });
}

export function text(fallback: string): Parsed<string> {
  return parser(fallback, (raw) => (unset(raw) ? fallback : raw));
}

export function optionalText(defaultText = 'unset'): Parsed<string | undefined> {
  return parser(defaultText, (raw) => (unset(raw) ? undefined : raw));
}

/** A PostgreSQL role's name as `CREATE ROLE` takes it unquoted: lower-case letters, digits and '_'. */
export function sqlRole(defaultText = 'unset'): Parsed<string | undefined> {
  return parser(defaultText, (raw, fail) => {
    if (unset(raw)) return undefined;
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(raw))
      fail(`must be a PostgreSQL role name (lower-case letters, digits and '_', at most 63), got '${raw}'`);
    return raw;
  });
}

/** A secret's text (from the variable or the file NAME_FILE names); surrounding white space is dropped. */
export function secret(defaultText = 'unset'): Parsed<string | undefined> {
  return parser(defaultText, (raw) => {
    const value = raw?.trim();
    return value ? value : undefined;
  });
}

/** One of a few words. */
export function oneOf<const T extends string>(values: readonly T[], defaultText = 'unset'): Parsed<T | undefined> {
  return parser(defaultText, (raw, fail) => {
    if (unset(raw)) return undefined;
    if (!(values as readonly string[]).includes(raw))
      fail(`must be one of ${values.map((v) => `'${v}'`).join(', ')}, got '${raw}'`);
    return raw as T;
  });
}

/** An http(s) address: a partner's or a service's endpoint. */
export function httpUrl(defaultText = 'unset'): Parsed<string | undefined> {
  return parser(defaultText, (raw, fail) => {
    if (unset(raw)) return undefined;
    if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol))
      fail(`must be an http(s) address, got '${raw}'`);
    return raw;
  });
}

/**
 * An http(s) origin: scheme, host and port, nothing else (a browser's Origin header is compared
 * with it as text); written back the way browsers write it (lower-case host, no default port, no
 * trailing slash). Undefined when unset.
 */
export function httpOrigin(defaultText = 'unset'): Parsed<string | undefined> {
  return parser(defaultText, (raw, fail) => {
    if (unset(raw)) return undefined;
    const url = URL.canParse(raw) ? new URL(raw) : null;
    if (!url || !/^https?:$/.test(url.protocol))
      return fail(`must be an http(s) origin such as https://console.example.com, got '${raw}'`);
    if (url.pathname !== '/' || url.search || url.hash || url.username || url.password)
      fail(`must be an origin only (scheme, host and port), without a path, query or credentials, got '${raw}'`);
    return url.origin;
  });
}

/** A Redis address (redis:// or rediss://); undefined when unset. */
export function redisUrl(defaultText = 'unset'): Parsed<string | undefined> {
  return parser(defaultText, (raw, fail) => {
    if (unset(raw)) return undefined;
    if (!URL.canParse(raw) || !/^rediss?:$/.test(new URL(raw).protocol))
      fail(`must be a redis:// or rediss:// address, got '${raw}'`);
    return raw;
  });
}

/** The balancers whose forwarding headers are believed (see trusted-proxies.ts); null when unset. */
export function trustedProxies(defaultText = 'unset (trust no proxy)'): Parsed<TrustedProxies | null> {
  return parser(defaultText, (raw, fail) => {
    try {
      return parseTrustedProxies(raw);
    } catch (error) {
      return fail(error instanceof Error ? error.message : String(error));
    }
  });
}

/** A folder, resolved against the working directory; undefined when unset (the reader's default applies). */
export function folder(defaultText: string): Parsed<string | undefined> {
  return parser(defaultText, (raw) => (unset(raw) ? undefined : path.resolve(raw)));
}

/** A comma-separated list; spaces around items are dropped, empty items ignored. */
export function list(defaultText = 'none'): Parsed<string[]> {
  return parser(defaultText, (raw) =>
    unset(raw)
      ? []
      : raw
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
  );
}
