import { matchRoute, resolveRouteOwner } from './routes';

const owners = [
  { team: 'mf-search', routes: ['/', '/search', '/search/*', '/special-offers'] },
  { team: 'mf-vehicle', routes: ['/cars/:slug', '/cars/:slug/checkout', '/print'] },
  { team: 'mf-leads', routes: ['/book-test-drive', '/cars/trade-in', '/contact'] },
];

describe('matchRoute', () => {
  it('matches a literal route', () => {
    expect(matchRoute('/special-offers', '/special-offers')).not.toBeNull();
  });

  it('ignores a trailing slash', () => {
    expect(matchRoute('/book-test-drive', '/book-test-drive/')).not.toBeNull();
  });

  it('matches a parameter segment', () => {
    expect(matchRoute('/cars/:slug', '/cars/2021-toyota-hilux')).not.toBeNull();
  });

  it('does not match a longer path without a wildcard', () => {
    expect(matchRoute('/cars/:slug', '/cars/a/b')).toBeNull();
  });

  it('matches anything under a wildcard', () => {
    expect(matchRoute('/search/*', '/search/toyota/hilux')).not.toBeNull();
  });

  it('does not let the root route match other paths', () => {
    expect(matchRoute('/', '/finance')).toBeNull();
  });
});

describe('resolveRouteOwner', () => {
  it('gives a literal route precedence over a parameter route', () => {
    expect(resolveRouteOwner(owners, '/cars/trade-in')?.team).toBe('mf-leads');
  });

  it('gives a vehicle slug to the vehicle team', () => {
    expect(resolveRouteOwner(owners, '/cars/2019-mazda-cx-5')?.team).toBe('mf-vehicle');
  });

  it('gives an exact route precedence over a wildcard', () => {
    const withWildcard = [...owners, { team: 'mf-other', routes: ['/search/special'] }];
    expect(resolveRouteOwner(withWildcard, '/search/special')?.team).toBe('mf-other');
  });

  it('finds no owner for an unknown path', () => {
    expect(resolveRouteOwner(owners, '/no-such-page')).toBeUndefined();
  });
});
