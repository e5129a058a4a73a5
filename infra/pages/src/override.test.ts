import { createHmac } from 'node:crypto';
import { loadConfig } from '@forecourt/config/load';
import {
  checkEntryUrl,
  originRulesFromConfig,
  overrideCspSources,
  signOverride,
  verifyOverride,
  type OriginRules,
  type Override,
} from './override';
import { contentSecurityPolicy, extendContentSecurityPolicy } from './security';

const SECRET = 'a'.repeat(64);
const NOW = 1_800_000_000;
const ANY: OriginRules = { allowedHosts: null };
const PRODUCTION: OriginRules = originRulesFromConfig(loadConfig({ NODE_ENV: 'production' }));

const override: Override = {
  tenant: 'harbourside-motors',
  remotes: { 'mf-search': 'http://localhost:3001/remoteEntry.js' },
  expiresAt: NOW + 3600,
};

describe('signed override tokens', () => {
  it('round-trips what was signed', () => {
    const token = signOverride(SECRET, 'cookie', override);
    expect(verifyOverride(SECRET, 'cookie', token, NOW, ANY)).toEqual(override);
  });

  it('refuses a token whose payload was changed (another entry, another site) while keeping the signature', () => {
    const [, signature] = signOverride(SECRET, 'cookie', override).split('.');
    for (const changed of [
      { ...override, remotes: { 'mf-search': 'http://localhost:9999/remoteEntry.js' } },
      { ...override, tenant: 'summit-auto-group' },
      { ...override, expiresAt: NOW + 365 * 24 * 3600 },
    ]) {
      const [body] = signOverride(SECRET, 'cookie', changed).split('.');
      expect(verifyOverride(SECRET, 'cookie', `${body}.${signature}`, NOW, ANY)).toBeNull();
    }
  });

  it('refuses a token signed with another secret, a flipped signature bit, or no signature', () => {
    const token = signOverride(SECRET, 'cookie', override);
    expect(verifyOverride('b'.repeat(64), 'cookie', token, NOW, ANY)).toBeNull();
    const [body, signature = ''] = token.split('.');
    const flipped = Buffer.from(signature, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(verifyOverride(SECRET, 'cookie', `${body}.${flipped.toString('base64url')}`, NOW, ANY)).toBeNull();
    expect(verifyOverride(SECRET, 'cookie', `${body}.`, NOW, ANY)).toBeNull();
    expect(verifyOverride(SECRET, 'cookie', body, NOW, ANY)).toBeNull();
    expect(verifyOverride(SECRET, 'cookie', `${token}.x`, NOW, ANY)).toBeNull();
    expect(verifyOverride(SECRET, 'cookie', undefined, NOW, ANY)).toBeNull();
  });

  it('refuses a correctly signed payload that is not an override, and junk, without throwing', () => {
    const body = Buffer.from(
      JSON.stringify({ v: 1, t: 'x', r: { 'mf-nope': 'http://localhost/' }, e: NOW + 10 }),
    ).toString('base64url');
    const signature = createHmac('sha256', SECRET).update(`fc-override:cookie:${body}`).digest('base64url');
    expect(verifyOverride(SECRET, 'cookie', `${body}.${signature}`, NOW, ANY)).toBeNull();
    const empty = Buffer.from(JSON.stringify({ v: 1, t: 'x', r: {}, e: NOW + 10 })).toString('base64url');
    expect(
      verifyOverride(
        SECRET,
        'cookie',
        `${empty}.${createHmac('sha256', SECRET).update(`fc-override:cookie:${empty}`).digest('base64url')}`,
        NOW,
        ANY,
      ),
    ).toBeNull();
    expect(verifyOverride(SECRET, 'cookie', 'not-base64!.also-not', NOW, ANY)).toBeNull();
  });

  it('refuses an expired token, to the second', () => {
    const token = signOverride(SECRET, 'cookie', override);
    expect(verifyOverride(SECRET, 'cookie', token, override.expiresAt - 1, ANY)).not.toBeNull();
    expect(verifyOverride(SECRET, 'cookie', token, override.expiresAt, ANY)).toBeNull();
  });

  it('keeps a link and a cookie apart: neither verifies as the other', () => {
    const grant = signOverride(SECRET, 'grant', { ...override, lifetimeSeconds: 3600 });
    expect(verifyOverride(SECRET, 'cookie', grant, NOW, ANY)).toBeNull();
    expect(verifyOverride(SECRET, 'grant', grant, NOW, ANY)).toMatchObject({ lifetimeSeconds: 3600 });
    expect(verifyOverride(SECRET, 'grant', signOverride(SECRET, 'cookie', override), NOW, ANY)).toBeNull();
  });

  it('refuses a cookie whose entry the origin rules no longer allow (rules tightened after it was set)', () => {
    const token = signOverride(SECRET, 'cookie', {
      ...override,
      remotes: { 'mf-search': 'https://dev.example.org/remoteEntry.js' },
    });
    expect(verifyOverride(SECRET, 'cookie', token, NOW, ANY)).not.toBeNull();
    expect(verifyOverride(SECRET, 'cookie', token, NOW, PRODUCTION)).toBeNull();
  });
});

describe('entry URL and origin rules', () => {
  it('takes http and https only, without credentials, and drops a fragment', () => {
    expect(checkEntryUrl('http://localhost:3001/remoteEntry.js#x', ANY)).toEqual({
      url: 'http://localhost:3001/remoteEntry.js',
      origin: 'http://localhost:3001',
    });
    expect(checkEntryUrl('javascript:alert(1)', ANY).error).toMatch(/http or https/);
    expect(checkEntryUrl('data:text/javascript,1', ANY).error).toMatch(/http or https/);
    expect(checkEntryUrl('/registry/mf-search/1.0.0/remoteEntry.js', ANY).error).toMatch(/absolute URL/);
    expect(checkEntryUrl('http://me:secret@localhost:3001/remoteEntry.js', ANY).error).toMatch(/user name or password/);
    expect(checkEntryUrl(`http://localhost/${'x'.repeat(3000)}`, ANY).error).toMatch(/too long/);
  });

  it('allows any host outside production', () => {
    expect(originRulesFromConfig(loadConfig({ NODE_ENV: 'development' }))).toEqual({ allowedHosts: null });
    expect(checkEntryUrl('http://192.168.1.20:3001/remoteEntry.js', ANY).error).toBeUndefined();
  });

  it("allows only the developer's own machine in production by default", () => {
    expect(checkEntryUrl('http://localhost:3001/remoteEntry.js', PRODUCTION).error).toBeUndefined();
    expect(checkEntryUrl('http://127.0.0.1:3001/remoteEntry.js', PRODUCTION).error).toBeUndefined();
    expect(checkEntryUrl('http://mf-search.localhost:3001/remoteEntry.js', PRODUCTION).error).toBeUndefined();
    expect(checkEntryUrl('https://evil.example/remoteEntry.js', PRODUCTION).error).toMatch(/not allowed/);
    // A look-alike that only ends in "localhost" is not a subdomain of it.
    expect(checkEntryUrl('http://evillocalhost:3001/remoteEntry.js', PRODUCTION).error).toMatch(/not allowed/);
    expect(checkEntryUrl('http://localhost.evil.example/remoteEntry.js', PRODUCTION).error).toMatch(/not allowed/);
  });

  it('takes the production list from FORECOURT_OVERRIDE_HOSTS, and refuses a malformed one', () => {
    const rules = originRulesFromConfig(
      loadConfig({ NODE_ENV: 'production', FORECOURT_OVERRIDE_HOSTS: 'localhost, *.dev.example.org' }),
    );
    expect(rules).toEqual({ allowedHosts: ['localhost', '*.dev.example.org'] });
    expect(checkEntryUrl('https://search.dev.example.org/remoteEntry.js', rules).error).toBeUndefined();
    expect(checkEntryUrl('https://dev.example.org/remoteEntry.js', rules).error).toMatch(/not allowed/);
    expect(checkEntryUrl('http://127.0.0.1:3001/remoteEntry.js', rules).error).toMatch(/not allowed/);
    expect(() =>
      originRulesFromConfig(loadConfig({ NODE_ENV: 'production', FORECOURT_OVERRIDE_HOSTS: 'https://x.org' })),
    ).toThrow(/FORECOURT_OVERRIDE_HOSTS/);
  });
});

describe('the policy of an overridden page', () => {
  it("adds the entries' origins to script-src and connect-src (with their WebSocket origin), and nothing else", () => {
    const base = contentSecurityPolicy({ scriptSrc: ["'sha256-abc'"] });
    const extended = extendContentSecurityPolicy(
      base,
      overrideCspSources([
        'http://localhost:3001/remoteEntry.js',
        'http://localhost:3001/other.js',
        'https://127.0.0.1:3002/remoteEntry.js',
      ]),
    );
    const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
    expect(directive(extended, 'script-src')).toBe(
      "script-src 'self' 'sha256-abc' http://localhost:3001 https://127.0.0.1:3002",
    );
    expect(directive(extended, 'connect-src')).toBe(
      "connect-src 'self' http://localhost:3001 https://127.0.0.1:3002 ws://localhost:3001 wss://127.0.0.1:3002",
    );
    for (const name of [
      'default-src',
      'style-src',
      'img-src',
      'object-src',
      'base-uri',
      'frame-ancestors',
      'form-action',
    ]) {
      expect(directive(extended, name)).toBe(directive(base, name));
    }
  });

  it('leaves a policy as it is when there is nothing to add', () => {
    const base = contentSecurityPolicy();
    expect(extendContentSecurityPolicy(base, {})).toBe(base);
  });
});
