import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, productionProblems, readConfig, refuseIncompleteProduction } from './load';

/** What production needs, with every partner on its simulator: the smallest complete production. */
const PRODUCTION: NodeJS.ProcessEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://forecourt@db.internal/forecourt',
  FORECOURT_IDENTITY_SECRET: 'identity-secret-0123456789',
  FORECOURT_OVERRIDE_SECRET: 'override-secret-0123456789',
  FORECOURT_ADMIN_TOKEN: 'admin-token-0123456789',
  SEARCH_APP_ID: 'FORECOURT',
  SEARCH_ADMIN_KEY: 'search-admin-key',
  SEARCH_SEARCH_KEY: 'search-search-key',
  SEARCH_HOSTS: 'http://search.internal:8300',
  FORECOURT_PAYMENTS: 'simulator',
  FORECOURT_CRM: 'simulator',
  FORECOURT_SMS: 'simulator',
  FORECOURT_FINANCE_PARTNER: 'simulator',
  FORECOURT_GEOCODING: 'simulator',
};

function problemsOf(env: NodeJS.ProcessEnv): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('reading the configuration', () => {
  it('gives typed values with their defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.FORECOURT_EVENTS_PER_MINUTE).toBe(240);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 8080, DATABASE_URL: undefined });
  });

  it('is frozen: nothing can change it after the start', () => {
    const config = loadConfig({ FORECOURT_OVERRIDE_HOSTS: 'localhost' });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.FORECOURT_OVERRIDE_HOSTS)).toBe(true);
  });

  it('stops on a bad value, naming the variable and the value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow("PORT must be a port number, not 'eighty'");
    expect(() => loadConfig({ FORECOURT_LEAD_DELIVERY_MS: '-1' })).toThrow(
      "FORECOURT_LEAD_DELIVERY_MS must be a non-negative integer, got '-1'",
    );
    expect(() => loadConfig({ FORECOURT_PAYMENTS: 'live' })).toThrow(
      "FORECOURT_PAYMENTS must be one of 'simulator', 'http', got 'live'",
    );
  });

  it('names every bad variable at once, not only the first', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      FORECOURT_EVENTS_PER_MINUTE: 'lots',
      FORECOURT_SMS_URL: 'sms.example',
    });
    expect(problems).toHaveLength(3);
    expect(problems).toEqual(
      expect.arrayContaining([
        "PORT must be a port number, not 'eighty'",
        "FORECOURT_EVENTS_PER_MINUTE must be a positive number, got 'lots'",
        "FORECOURT_SMS_URL must be an http(s) address, got 'sms.example'",
      ]),
    );
  });

  it('stops on an application role that is not a plain PostgreSQL role name, which the grants would quote', () => {
    expect(() => loadConfig({ DATABASE_APP_ROLE: 'app; drop table pins' })).toThrow(
      "DATABASE_APP_ROLE must be a PostgreSQL role name (lower-case letters, digits and '_', at most 63), got 'app; drop table pins'",
    );
    expect(loadConfig({ DATABASE_APP_ROLE: 'forecourt_app' }).DATABASE_APP_ROLE).toBe('forecourt_app');
  });

  it("reads the console's origin as a browser writes one in its Origin header", () => {
    expect(loadConfig({ FORECOURT_CONSOLE_ORIGIN: 'HTTPS://Console.Example.com:443/' }).FORECOURT_CONSOLE_ORIGIN).toBe(
      'https://console.example.com',
    );
  });

  it('stops on a console origin with a path, which no Origin header would ever match', () => {
    expect(() => loadConfig({ FORECOURT_CONSOLE_ORIGIN: 'https://console.example.com/app' })).toThrow(
      "FORECOURT_CONSOLE_ORIGIN must be an origin only (scheme, host and port), without a path, query or credentials, got 'https://console.example.com/app'",
    );
  });

  it('stops on half a partner, or a mode its variables contradict', () => {
    expect(() => loadConfig({ FORECOURT_CRM_WEBHOOK_URL: 'https://crm.example/hook' })).toThrow(
      'FORECOURT_CRM_WEBHOOK_URL is set but FORECOURT_CRM_WEBHOOK_SECRET is not',
    );
    expect(() => loadConfig({ FORECOURT_SMS: 'http' })).toThrow(
      "FORECOURT_SMS is 'http' but FORECOURT_SMS_URL and FORECOURT_SMS_TOKEN are not set",
    );
    expect(() =>
      loadConfig({ FORECOURT_GEOCODING: 'simulator', FORECOURT_GEOCODING_URL: 'https://maps.example' }),
    ).toThrow("FORECOURT_GEOCODING is 'simulator' but FORECOURT_GEOCODING_URL is set");
  });
});

describe('secrets from files (NAME_FILE)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'forecourt-config-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('reads the secret from the file the variable names, without its trailing newline', async () => {
    const file = path.join(dir, 'admin-token');
    await fs.writeFile(file, 'token-from-a-file\n');
    const { config, sources } = readConfig({ FORECOURT_ADMIN_TOKEN_FILE: file });
    expect(config.FORECOURT_ADMIN_TOKEN).toBe('token-from-a-file');
    expect(sources.FORECOURT_ADMIN_TOKEN).toBe('file');
  });

  it('stops when the file cannot be read, naming the variable and the file', () => {
    const missing = path.join(dir, 'nowhere');
    expect(() => loadConfig({ FORECOURT_IDENTITY_SECRET_FILE: missing })).toThrow(
      `FORECOURT_IDENTITY_SECRET_FILE names '${missing}', which cannot be read (ENOENT)`,
    );
  });

  it('stops when both the variable and its file are set', async () => {
    const file = path.join(dir, 'override-secret');
    await fs.writeFile(file, 'from-file');
    expect(() => loadConfig({ FORECOURT_OVERRIDE_SECRET: 'direct', FORECOURT_OVERRIDE_SECRET_FILE: file })).toThrow(
      'FORECOURT_OVERRIDE_SECRET and FORECOURT_OVERRIDE_SECRET_FILE are both set',
    );
  });

  it('reads no file for a variable that is not a secret', () => {
    expect(loadConfig({ PORT_FILE: '/nonexistent' }).PORT).toBe(8080);
  });
});

describe('production', () => {
  it('starts with everything it needs, partners set to their simulators explicitly', () => {
    expect(productionProblems(loadConfig(PRODUCTION))).toEqual([]);
  });

  it('names every missing variable and every unconfigured partner at once', () => {
    const problems = productionProblems(loadConfig({ NODE_ENV: 'production' }));
    const missing = problems.find((problem) => problem.startsWith('missing: ')) ?? '';
    for (const name of [
      'DATABASE_URL',
      'FORECOURT_IDENTITY_SECRET',
      'FORECOURT_OVERRIDE_SECRET',
      'FORECOURT_ADMIN_TOKEN',
      'SEARCH_APP_ID',
      'SEARCH_ADMIN_KEY',
      'SEARCH_SEARCH_KEY',
    ]) {
      expect(missing).toContain(name);
    }
    for (const partner of [
      'FORECOURT_PAYMENTS',
      'FORECOURT_CRM',
      'FORECOURT_SMS',
      'FORECOURT_FINANCE_PARTNER',
      'FORECOURT_GEOCODING',
    ]) {
      expect(problems).toContainEqual(expect.stringContaining(`set ${partner}=http with`));
    }
  });

  it('accepts a partner configured over http in place of its simulator', () => {
    const env = {
      ...PRODUCTION,
      FORECOURT_PAYMENTS: undefined,
      FORECOURT_PAYMENTS_URL: 'https://payments.example/v1',
      FORECOURT_PAYMENTS_TOKEN: 'token',
    };
    expect(productionProblems(loadConfig(env))).toEqual([]);
  });

  it('refuses the start with one message holding every problem', () => {
    const env = { ...PRODUCTION, DATABASE_URL: undefined, FORECOURT_ADMIN_TOKEN: undefined, FORECOURT_CRM: undefined };
    expect(() => refuseIncompleteProduction(loadConfig(env))).toThrow(ConfigError);
    const message = (() => {
      try {
        refuseIncompleteProduction(loadConfig(env));
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(/^Forecourt will not start in production/);
    expect(message).toMatch(/missing: .*DATABASE_URL.*FORECOURT_ADMIN_TOKEN/);
    expect(message).toContain(
      'the CRM is not configured: set FORECOURT_CRM=http with FORECOURT_CRM_WEBHOOK_URL and FORECOURT_CRM_WEBHOOK_SECRET, or FORECOURT_CRM=simulator',
    );
  });

  it('refuses the test-only fault point', () => {
    expect(productionProblems(loadConfig({ ...PRODUCTION, FORECOURT_FAULT_POINT: 'after-authorisation' }))).toEqual([
      'FORECOURT_FAULT_POINT is for test configuration only and is refused in production',
    ]);
  });

  it('asks nothing of a development start', () => {
    expect(productionProblems(loadConfig({}))).toEqual([]);
  });
});
