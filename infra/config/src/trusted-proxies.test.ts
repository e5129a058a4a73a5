import { loadConfig } from './load';
import { parseTrustedProxies } from './trusted-proxies';

/** FORECOURT_TRUSTED_PROXIES as an operator writes it: which peers' forwarding headers are believed. */
describe('trusted proxies setting', () => {
  it('trusts nothing when unset, empty or 0 (the demo)', () => {
    expect(parseTrustedProxies(undefined)).toBeNull();
    expect(parseTrustedProxies(' ')).toBeNull();
    expect(parseTrustedProxies('0')).toBeNull();
  });

  it('trusts the listed addresses and ranges, IPv4 peers written as IPv6 included, and nothing else', () => {
    const trusted = parseTrustedProxies('10.1.0.0/16, 192.0.2.7, 2001:db8::/32')!;
    expect(['10.1.200.3', '::ffff:10.1.0.9', '192.0.2.7', '2001:db8::1'].map((a) => trusted.trusts(a, 0))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['10.2.0.1', '192.0.2.8', '2001:db9::1', '127.0.0.1'].map((a) => trusted.trusts(a, 0))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('knows the named ranges loopback, linklocal and uniquelocal', () => {
    const trusted = parseTrustedProxies('loopback,uniquelocal')!;
    expect(['127.0.0.1', '::1', '10.9.9.9', '172.20.0.1', '192.168.1.1'].every((a) => trusted.trusts(a, 0))).toBe(true);
    expect(trusted.trusts('203.0.113.5', 0)).toBe(false);
  });

  it('reads a hop count as "that many proxies in front, whatever their address"', () => {
    const trusted = parseTrustedProxies('2')!;
    expect([
      trusted.trusts('203.0.113.5', 0),
      trusted.trusts('203.0.113.6', 1),
      trusted.trusts('203.0.113.7', 2),
    ]).toEqual([true, true, false]);
  });

  it('shows as it was written (forecourt doctor)', () => {
    expect(String(loadConfig({ FORECOURT_TRUSTED_PROXIES: '10.1.0.0/16, loopback' }).FORECOURT_TRUSTED_PROXIES)).toBe(
      '10.1.0.0/16, loopback',
    );
    expect(String(parseTrustedProxies('1'))).toBe('1 hop');
  });

  it('stops the start naming the variable and the entry it cannot read', () => {
    expect(() => loadConfig({ FORECOURT_TRUSTED_PROXIES: '10.0.0.0/8,balancer.internal' })).toThrow(
      /^FORECOURT_TRUSTED_PROXIES must be a hop count, .*'balancer\.internal' is none of these$/,
    );
    expect(() => loadConfig({ FORECOURT_TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(
      /'10\.0\.0\.0\/33' is none of these/,
    );
    expect(() => loadConfig({ FORECOURT_TRUSTED_PROXIES: '10.0.0.1,,10.0.0.2' })).toThrow(
      /FORECOURT_TRUSTED_PROXIES has an empty entry/,
    );
  });

  it('refuses a REDIS_URL that is not a redis address, naming it', () => {
    expect(() => loadConfig({ REDIS_URL: 'localhost:6379' })).toThrow(
      "REDIS_URL must be a redis:// or rediss:// address, got 'localhost:6379'",
    );
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).REDIS_URL).toBe('redis://127.0.0.1:6379/2');
  });
});
