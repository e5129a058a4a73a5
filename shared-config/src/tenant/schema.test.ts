import { problemsOf, SAMPLE_TENANT } from '../testing/tenant-config';
import { parseTenantConfig, parseTenantConfigs, toPublicTenantConfig } from './schema';

const valid = { ...SAMPLE_TENANT, private: { leadsEmail: 'leads@sample.example' } };

describe('tenant config', () => {
  it('fills defaults for switches a tenant does not state', () => {
    expect(parseTenantConfig(valid, 'sample.json').search.hitsPerPage).toBe(21);
  });

  it('names tenant, field and reason for a bad value', () => {
    expect(
      problemsOf(() => parseTenantConfig({ ...valid, theme: { primary: 'red', accent: '#445566' } }, 'sample.json')),
    ).toEqual([{ tenant: 'sample-motors', field: 'theme.primary', reason: 'must be a colour like #1a2b3c' }]);
  });

  it('names the source when the slug itself is missing', () => {
    const { slug: _slug, ...withoutSlug } = valid;
    expect(problemsOf(() => parseTenantConfig(withoutSlug, 'sample.json'))[0]).toMatchObject({
      tenant: 'sample.json',
      field: 'slug',
    });
  });

  it('refuses unknown fields so typos do not pass silently', () => {
    expect(problemsOf(() => parseTenantConfig({ ...valid, feautres: {} }, 'sample.json'))[0]?.tenant).toBe(
      'sample-motors',
    );
  });

  it("refuses the slug 'console', which the platform keeps for the operator console", () => {
    expect(problemsOf(() => parseTenantConfig({ ...valid, slug: 'console' }, 'console.json'))).toEqual([
      {
        tenant: 'console',
        field: 'slug',
        reason: 'is reserved for the platform (the operator console); choose another slug',
      },
    ]);
  });

  it('refuses two tenants with one slug', () => {
    const problems = problemsOf(() =>
      parseTenantConfigs([
        { source: 'a', raw: valid },
        { source: 'b', raw: valid },
      ]),
    );
    expect(problems).toEqual([{ tenant: 'sample-motors', field: 'slug', reason: 'is used by another tenant' }]);
  });

  it('keeps private settings out of the public config', () => {
    expect(toPublicTenantConfig(parseTenantConfig(valid, 'sample.json'))).not.toHaveProperty('private');
  });

  it('formats every problem into the error message', () => {
    expect(() => parseTenantConfig({ ...valid, contact: { ...valid.contact, state: 'XX' } }, 'x')).toThrow(
      /tenant 'sample-motors', field 'contact.state'/,
    );
  });
});

describe('configured search links (a header or footer link must list stock)', () => {
  const caravans = { ...valid, kind: 'caravan', search: { carTypes: ['new', 'used'], itemNoun: 'caravan' } };

  it("accepts a caravan site's /search/new-and-used-caravans", () => {
    expect(
      parseTenantConfig(
        { ...caravans, nav: [{ label: 'Caravans for sale', href: '/search/new-and-used-caravans' }] },
        'c.json',
      ).nav,
    ).toHaveLength(1);
  });

  it('refuses a header link to a search path the pages cannot read, naming the field', () => {
    expect(
      problemsOf(() =>
        parseTenantConfig(
          { ...caravans, nav: [{ label: 'Caravans for sale', href: '/search/new-and-used-vans' }] },
          'c.json',
        ),
      ),
    ).toEqual([
      {
        tenant: 'sample-motors',
        field: 'nav.0.href',
        reason: expect.stringContaining("'/search/new-and-used-vans' is not a search route"),
      },
    ]);
  });

  it('refuses a footer link to new stock on a used-only site', () => {
    const footer = [{ heading: 'Shop', links: [{ label: 'New cars', href: '/search/new-cars' }] }];
    expect(
      problemsOf(() => parseTenantConfig({ ...valid, search: { carTypes: ['used'] }, chrome: { footer } }, 'u.json'))[0]
        ?.field,
    ).toBe('chrome.footer.0.links.0.href');
  });
});
