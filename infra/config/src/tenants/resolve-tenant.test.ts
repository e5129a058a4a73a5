import { parseTenantConfigs, type TenantConfig } from '@forecourt/shared-config/tenant';
import { couldNameTenant, hostName, siteOrigin, TenantDirectory } from './resolve-tenant';

const base = {
  kind: 'used-only',
  logo: { text: 'T', alt: 'T' },
  theme: { primary: '#000000', accent: '#ffffff' },
  contact: { phone: '(02) 9555 0100', city: 'Sydney', state: 'NSW' },
};
const directory = new TenantDirectory(
  parseTenantConfigs([
    { source: 'a', raw: { ...base, slug: 'alpha-motors', name: 'Alpha', domains: ['www.alpha.example.com.au'] } },
    { source: 'b', raw: { ...base, slug: 'beta-cars', name: 'Beta' } },
  ]),
);

describe('TenantDirectory.resolve', () => {
  it('resolves {slug}.localhost with a port', () => {
    expect(directory.resolve({ host: 'alpha-motors.localhost:8080', header: undefined })?.slug).toBe('alpha-motors');
  });

  it('resolves a configured domain, ignoring case', () => {
    expect(directory.resolve({ host: 'WWW.Alpha.example.com.au', header: undefined })?.slug).toBe('alpha-motors');
  });

  it('lets the X-Forecourt-Tenant header name the tenant', () => {
    expect(directory.resolve({ host: '127.0.0.1:8080', header: 'beta-cars' })?.slug).toBe('beta-cars');
  });

  it('never lets the header turn a dealer domain into another dealer', () => {
    expect(directory.resolve({ host: 'www.alpha.example.com.au', header: 'beta-cars' })?.slug).toBe('alpha-motors');
  });

  it('resolves no tenant for bare localhost', () => {
    expect(directory.resolve({ host: 'localhost:8080', header: undefined })).toBeUndefined();
  });

  it('resolves no tenant for an unknown subdomain or a nested one', () => {
    expect(directory.resolve({ host: 'gamma.localhost', header: undefined })).toBeUndefined();
    expect(directory.resolve({ host: 'x.alpha-motors.localhost', header: undefined })).toBeUndefined();
  });
});

describe('hostName', () => {
  it('strips the port from IPv6 and IPv4 hosts', () => {
    expect(hostName('[::1]:8080')).toBe('[::1]');
    expect(hostName('127.0.0.1:80')).toBe('127.0.0.1');
  });
});

describe("a site's origin in the addresses it writes", () => {
  const alpha = directory.get('alpha-motors')!;
  const beta = directory.get('beta-cars')!;
  const origin = (tenant: typeof alpha, host: string, production = false, protocol = 'http') =>
    siteOrigin(tenant, { protocol, host }, { production, port: 8080 });

  it('is the first configured domain in production, whatever host was asked', () => {
    expect(origin(alpha, 'evil.example', true, 'https')).toBe('https://www.alpha.example.com.au');
    expect(origin(alpha, 'WWW.alpha.example.com.au.:8443', true, 'https')).toBe('https://www.alpha.example.com.au');
  });

  it("is the site's own development host, on the port it was asked on", () => {
    expect(origin(beta, 'beta-cars.localhost:3000')).toBe('http://beta-cars.localhost:3000');
    expect(origin(beta, 'beta-cars.localhost')).toBe('http://beta-cars.localhost:8080');
  });

  it("is the site's development host on this server's port for a host it does not own", () => {
    expect(origin(beta, 'evil.example:9999')).toBe('http://beta-cars.localhost:8080');
    expect(origin(beta, '127.0.0.1:8080')).toBe('http://beta-cars.localhost:8080');
  });
});

describe('couldNameTenant', () => {
  const platform = new Set(['console.localhost']);
  it.each([
    ['new-dealer.localhost:8080', true],
    ['www.new-dealer.example', true],
    ['console.localhost:8080', false],
    ['127.0.0.1:8080', false],
    ['localhost:8080', false],
    ['[::1]:8080', false],
    ['a.b.localhost', false],
  ])('%s: %s', (host, expected) => {
    expect(couldNameTenant({ host, header: undefined }, platform)).toBe(expected);
  });

  it('is a header naming a tenant', () => {
    expect(couldNameTenant({ host: '127.0.0.1', header: 'new-dealer' }, platform)).toBe(true);
  });
});

describe('a directory whose tenants change', () => {
  it('answers with the new set at once, by slug and by domain', () => {
    const changing = new TenantDirectory([]);
    expect(changing.get('summit')).toBeUndefined();
    const summit = { slug: 'summit', domains: ['www.summit.example'] } as unknown as TenantConfig;
    changing.replace([summit]);
    expect(changing.resolve({ host: 'www.summit.example', header: undefined })).toBe(summit);
    expect(changing.all).toEqual([summit]);
  });
});
