import { parseTenantConfigs } from '@forecourt/shared-config/tenant';
import { hostName, TenantDirectory } from './resolve-tenant';

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
