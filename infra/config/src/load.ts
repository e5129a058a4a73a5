import fs from 'node:fs';
import type { z } from 'zod';
import { CONFIG_SCHEMA, type ConfigName, type VariableSpec } from './schema';

/** The typed values of every variable in the schema (./schema.ts); frozen. */
export type Config = { readonly [K in ConfigName]: z.output<(typeof CONFIG_SCHEMA)[K]['parse']> };

/** Where a variable's value came from. */
export type ConfigSource = 'environment' | 'file' | 'default';

export interface ConfigReading {
  config: Config;
  sources: Readonly<Record<ConfigName, ConfigSource>>;
}

/** A value that stops the start: every problem, one line each, each naming its variable. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

const names = Object.keys(CONFIG_SCHEMA) as ConfigName[];
const specOf = (name: ConfigName): VariableSpec<unknown> => CONFIG_SCHEMA[name];

/** The partners production must have configured (FORECOURT_<PARTNER>=http with both variables, or =simulator). */
export const PARTNERS = {
  payments: {
    mode: 'FORECOURT_PAYMENTS',
    url: 'FORECOURT_PAYMENTS_URL',
    credential: 'FORECOURT_PAYMENTS_TOKEN',
    title: 'the card processor',
  },
  crm: {
    mode: 'FORECOURT_CRM',
    url: 'FORECOURT_CRM_WEBHOOK_URL',
    credential: 'FORECOURT_CRM_WEBHOOK_SECRET',
    title: 'the CRM',
  },
  sms: { mode: 'FORECOURT_SMS', url: 'FORECOURT_SMS_URL', credential: 'FORECOURT_SMS_TOKEN', title: 'the SMS gateway' },
  finance: {
    mode: 'FORECOURT_FINANCE_PARTNER',
    url: 'FORECOURT_FINANCE_PARTNER_URL',
    credential: 'FORECOURT_FINANCE_PARTNER_KEY',
    title: 'the finance partner',
  },
  geocoding: {
    mode: 'FORECOURT_GEOCODING',
    url: 'FORECOURT_GEOCODING_URL',
    credential: 'FORECOURT_GEOCODING_KEY',
    title: 'the geocoder',
  },
} as const satisfies Record<string, { mode: ConfigName; url: ConfigName; credential: ConfigName; title: string }>;

export type Partner = (typeof PARTNERS)[keyof typeof PARTNERS];

/**
 * A variable's text: NAME, or for a secret the file NAME_FILE names (a secret store mounts
 * secrets as files, so they never show in the process's environment).
 */
function rawValue(
  env: NodeJS.ProcessEnv,
  name: ConfigName,
  problems: string[],
): { raw: string | undefined; source: ConfigSource } {
  const direct = env[name];
  const file = specOf(name).secret ? env[`${name}_FILE`] : undefined;
  if (file) {
    if (direct) {
      problems.push(`${name} and ${name}_FILE are both set: set one`);
      return { raw: undefined, source: 'default' };
    }
    try {
      return { raw: fs.readFileSync(file, 'utf8'), source: 'file' };
    } catch (error) {
      problems.push(
        `${name}_FILE names '${file}', which cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
      return { raw: undefined, source: 'default' };
    }
  }
  return direct === undefined || direct === ''
    ? { raw: undefined, source: 'default' }
    : { raw: direct, source: 'environment' };
}

/** A partner's address and credential, both or neither, agreeing with its mode; applies everywhere. */
function partnerProblems(config: Config, partner: Partner): string[] {
  const mode = config[partner.mode];
  const url = config[partner.url];
  const credential = config[partner.credential];
  if (mode === 'simulator') {
    const set = [partner.url, partner.credential].filter((name) => config[name] !== undefined);
    return set.length
      ? [
          `${partner.mode} is 'simulator' but ${set.join(' and ')} ${set.length > 1 ? 'are' : 'is'} set: unset ${set.length > 1 ? 'them' : 'it'}, or use 'http'`,
        ]
      : [];
  }
  if (mode === 'http') {
    const missing = [partner.url, partner.credential].filter((name) => config[name] === undefined);
    return missing.length
      ? [`${partner.mode} is 'http' but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set`]
      : [];
  }
  if (url && !credential) return [`${partner.url} is set but ${partner.credential} is not`];
  if (credential && !url) return [`${partner.credential} is set but ${partner.url} is not`];
  return [];
}

/** Whether a partner's real service is used (else its simulator); the configuration is already checked. */
export function partnerMode(config: Config, partner: Partner): 'http' | 'simulator' {
  return (
    config[partner.mode] ??
    (config[partner.url] !== undefined && config[partner.credential] !== undefined ? 'http' : 'simulator')
  );
}

/** Every variable's text, source and parsed value, and every problem found; throws nothing. */
export function inspectConfig(env: NodeJS.ProcessEnv): {
  values: Record<string, unknown>;
  raw: Record<string, string | undefined>;
  sources: Record<ConfigName, ConfigSource>;
  problems: string[];
} {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  const raw: Record<string, string | undefined> = {};
  const sources = {} as Record<ConfigName, ConfigSource>;
  for (const name of names) {
    const read = rawValue(env, name, problems);
    const result = specOf(name).parse.safeParse(read.raw);
    if (result.success) values[name] = Array.isArray(result.data) ? Object.freeze(result.data) : result.data;
    else problems.push(...result.error.issues.map((issue) => `${name} ${issue.message}`));
    raw[name] = read.raw;
    sources[name] = read.source;
  }
  if (problems.length === 0) {
    for (const partner of Object.values(PARTNERS)) problems.push(...partnerProblems(values as Config, partner));
  }
  return { values, raw, sources, problems };
}

/** Reads and checks every variable; a bad value throws a ConfigError naming every bad variable. */
export function readConfig(env: NodeJS.ProcessEnv): ConfigReading {
  const { values, sources, problems } = inspectConfig(env);
  if (problems.length) throw new ConfigError(problems);
  return { config: Object.freeze(values) as Config, sources: Object.freeze(sources) };
}

/** The configuration the environment gives: typed, checked, frozen. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return readConfig(env).config;
}

export const isProduction = (config: Config): boolean => config.NODE_ENV === 'production';

/**
 * What production still lacks, every problem at once, each naming its variables: the variables
 * marked requiredInProduction, and for each partner either its service or an explicit simulator
 * (a forgotten partner must not quietly become a simulator in front of shoppers). Empty outside
 * production.
 */
export function productionProblems(config: Config): string[] {
  if (!isProduction(config)) return [];
  const problems: string[] = [];
  const missing = names.filter((name) => specOf(name).requiredInProduction && config[name] === undefined);
  if (missing.length) problems.push(`missing: ${missing.join(', ')}`);
  for (const partner of Object.values(PARTNERS)) {
    if (
      config[partner.mode] === undefined &&
      (config[partner.url] === undefined || config[partner.credential] === undefined)
    ) {
      problems.push(
        `${partner.title} is not configured: set ${partner.mode}=http with ${partner.url} and ${partner.credential}, or ${partner.mode}=simulator`,
      );
    }
  }
  if (config.FORECOURT_FAULT_POINT !== undefined)
    problems.push('FORECOURT_FAULT_POINT is for test configuration only and is refused in production');
  return problems;
}

/** Stops a production start while anything it needs is missing, listing it all. */
export function refuseIncompleteProduction(config: Config): void {
  const problems = productionProblems(config);
  if (problems.length)
    throw new ConfigError([
      `Forecourt will not start in production (NODE_ENV=production):`,
      ...problems.map((problem) => `  - ${problem}`),
    ]);
}
