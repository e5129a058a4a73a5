import { conditionHeading, conditionTypes, searchLinkProblem, siteConditionTypes } from './search-routes';

describe('condition routes (spec: /search/new-used-and-demo-cars, /search/used-cars, /search/{type}-cars)', () => {
  it.each([
    ['new-used-and-demo-cars', ['new', 'used', 'demo']],
    ['used-cars', ['used']],
    ['new-and-demo-cars', ['new', 'demo']],
    ['demo-cars', ['demo']],
  ])('%s lists %j', (segment, types) => {
    expect(conditionTypes(segment)).toEqual(types);
  });

  it("reads a caravan site's /search/new-and-used-caravans as new and used stock", () => {
    expect(conditionTypes('new-and-used-caravans', 'caravan')).toEqual(['new', 'used']);
  });

  it('reads a make or a dealership as no condition', () => {
    expect([
      conditionTypes('toyota'),
      conditionTypes('land-rover'),
      conditionTypes('harbourside-motors-alexandria'),
    ]).toEqual([null, null, null]);
  });

  it('refuses a noun that is not the site’s: new-and-used-caravans on a car site', () => {
    expect(conditionTypes('new-and-used-caravans')).toBeNull();
  });

  it('keeps only the types the site sells: new and used on a site without demo stock', () => {
    expect(siteConditionTypes('new-used-and-demo-cars', ['new', 'used'])).toEqual(['new', 'used']);
  });
});

describe('condition headings', () => {
  it('reads New, used and demo cars for every type', () => {
    expect(conditionHeading(['new', 'used', 'demo'])).toBe('New, used and demo cars');
  });

  it('reads New and used caravans on a caravan site', () => {
    expect(conditionHeading(['new', 'used'], 'caravan')).toBe('New and used caravans');
  });
});

describe('configured search links', () => {
  it('accepts /search/new-and-used-caravans on a caravan site selling new and used', () => {
    expect(searchLinkProblem('/search/new-and-used-caravans', ['new', 'used'], 'caravan')).toBeNull();
  });

  it('refuses a condition path the search pages cannot read', () => {
    expect(searchLinkProblem('/search/new-and-used-vans', ['new', 'used'], 'caravan')).toBe(
      "'/search/new-and-used-vans' is not a search route: write the car types and the plural noun, e.g. /search/new-and-used-caravans or /search/used-cars",
    );
  });

  it('refuses a route of car types the site does not sell: /search/new-cars on a used-only site', () => {
    expect(searchLinkProblem('/search/new-cars', ['used'])).toBe(
      "'/search/new-cars' lists only car types this site does not sell (it sells used)",
    );
  });

  it('leaves make links to the stock crawl', () => {
    expect(searchLinkProblem('/search/toyota', ['used'])).toBeNull();
  });
});

describe.each(['motorcycle', 'truck'])('the condition headings of a %s site', (itemNoun) => {
  it('name the site’s noun, never car', () => {
    expect([conditionHeading(['new', 'used', 'demo'], itemNoun), conditionHeading(['used'], itemNoun)]).toEqual([
      `New, used and demo ${itemNoun}s`,
      `Used ${itemNoun}s`,
    ]);
  });
});
