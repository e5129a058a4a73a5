import { checkRouteCollisions, collisionPath } from './routes';

const candidate = (routes: string[]) => ({ team: 'mf-leads', version: '1.4.0', info: { routes } as never });

describe('collisionPath', () => {
  it.each([
    ['/finance', '/finance', '/finance'],
    ['/finance/', '/finance', '/finance'],
    ['/cars/:slug', '/cars/:id', '/cars/x'],
    ['/search/*', '/search/*', '/search'],
    // Same specificity, different shapes: /a/b is owned equally by both.
    ['/a/:x', '/:y/b', '/a/b'],
    // A wildcard prefix and a lone param tie on /a.
    ['/a/*', '/:x', '/a'],
  ])('%s and %s both own %s equally', (a, b, path) => {
    expect(collisionPath(a, b)).toBe(path);
    expect(collisionPath(b, a)).toBe(path);
  });

  it.each([
    // The literal is more specific: the shell gives /cars/trade-in to its owner, by design.
    ['/cars/trade-in', '/cars/:slug'],
    ['/finance', '/finance/*'],
    ['/search/*', '/used-car/*'],
    ['/contact', '/contact-us'],
    ['/', '/finance'],
  ])('%s and %s never tie', (a, b) => {
    expect(collisionPath(a, b)).toBeNull();
  });
});

describe('checkRouteCollisions', () => {
  it('names both routes, the other team and its version', () => {
    const reasons = checkRouteCollisions(candidate(['/contact', '/finance']), [
      { team: 'mf-finance', version: '1.0.0', routes: ['/finance', '/finance/*'] },
    ]);
    expect(reasons).toEqual(["mf-leads 1.4.0 route /finance collides with mf-finance 1.0.0's /finance"]);
  });

  it('says which path two differently written routes both own', () => {
    const reasons = checkRouteCollisions(candidate(['/cars/:carSlug']), [
      { team: 'mf-vehicle', version: '1.2.0', routes: ['/cars/:slug'] },
    ]);
    expect(reasons).toEqual([
      "mf-leads 1.4.0 route /cars/:carSlug collides with mf-vehicle 1.2.0's /cars/:slug (both own /cars/x equally)",
    ]);
  });

  it("ignores the team's own earlier builds and more specific routes", () => {
    expect(
      checkRouteCollisions(candidate(['/cars/trade-in', '/contact']), [
        { team: 'mf-leads', version: '1.3.0', routes: ['/contact'] },
        { team: 'mf-vehicle', version: '1.2.0', routes: ['/cars/:slug'] },
      ]),
    ).toEqual([]);
  });
});
