import { gateOf } from './gated-routes';

describe('gated routes (spec: some gated per site, online-payment and garages always)', () => {
  it('gates checkout and trade-in only on a site that switches them on', () => {
    expect([gateOf('/cars/2021-toyota-hilux-x1/checkout', ['checkout']), gateOf('/cars/2021-toyota-hilux-x1/checkout', [])]).toEqual(['checkout', null]);
    expect([gateOf('/cars/trade-in', ['trade-in']), gateOf('/trade-in', [])]).toEqual(['trade-in', null]);
  });

  it('always gates online payment, my-garage and a branded garage', () => {
    expect([gateOf('/online-payment', []), gateOf('/my-garage', []), gateOf('/toyota-garage/cars', [])]).toEqual(['online-payment', 'my-garage', 'my-garage']);
  });

  it('leaves the car page itself open', () => {
    expect(gateOf('/cars/2021-toyota-hilux-x1', ['checkout', 'finance', 'trade-in'])).toBeNull();
  });
});
