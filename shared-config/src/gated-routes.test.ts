import { gateOf, SITE_GATES } from './gated-routes';

describe('gated routes (spec: some gated per site, online-payment and garages always)', () => {
  it.each([
    ['/cars/2021-toyota-hilux-x1/checkout', 'checkout'],
    ['/cars/2021-toyota-hilux-x1/buy-online', 'checkout'],
    ['/checkout-journey', 'checkout'],
    ['/finance', 'finance'],
    ['/personalised/finance', 'finance'],
    ['/spin-to-win', 'spin-to-win'],
    ['/equifax-finance', 'equifax-finance'],
    ['/trade-in', 'trade-in'],
    ['/cars/trade-in', 'trade-in'],
  ])('%s is gated (%s) only on a site that switches its gate on', (path, gate) => {
    expect([
      gateOf(path, [gate]),
      gateOf(
        path,
        SITE_GATES.filter((g) => g !== gate),
      ),
      gateOf(path, []),
    ]).toEqual([gate, null, null]);
  });

  it.each([
    ['/online-payment', 'online-payment'],
    ['/my-garage', 'my-garage'],
    ['/mymotorama', 'my-garage'],
    ['/mybigboxcars', 'my-garage'],
    ['/myblinkr', 'my-garage'],
    ['/myservco/', 'my-garage'],
  ])('%s is always gated (%s), whatever the site switches on', (path, gate) => {
    expect(gateOf(path, [])).toBe(gate);
  });

  it.each([
    '/cars/2021-toyota-hilux-x1',
    '/about-us',
    '/blog/buyer-advice/first-car',
    '/mymotoramas',
    '/toyota/overview',
    '/finance-calculator',
  ])('%s is open to everyone', (path) => {
    expect(gateOf(path, SITE_GATES)).toBeNull();
  });
});
