import { randomBytes } from 'node:crypto';
import { canaryBucket, isShopperId, newShopperId, servesCanary } from './canary';

const ids = (count: number) => Array.from({ length: count }, () => randomBytes(16).toString('hex'));

describe('canary assignment', () => {
  it('gives a shopper the same answer every time', () => {
    const canary = { tenant: 'harbourside-motors', team: 'mf-search', percent: 50 };
    for (const id of ids(200)) {
      const first = servesCanary(id, canary);
      for (let i = 0; i < 5; i += 1) expect(servesCanary(id, canary)).toBe(first);
    }
  });

  it.each([1, 10, 50, 90, 99])('sends %i%% of 10,000 shoppers to the canary, within 3 points', (percent) => {
    const served = ids(10_000).filter((id) =>
      servesCanary(id, { tenant: 'redgum-used-cars', team: 'mf-vehicle', percent }),
    ).length;
    expect(Math.abs(served / 100 - percent)).toBeLessThanOrEqual(3);
  });

  it('keeps a shopper on the canary while its percent grows', () => {
    const canary = { tenant: 'harbourside-motors', team: 'mf-search', percent: 20 };
    const onCanary = ids(2_000).filter((id) => servesCanary(id, canary));
    expect(onCanary.every((id) => servesCanary(id, { ...canary, percent: 60 }))).toBe(true);
  });

  it('decides each remote on its own: the shoppers on one canary are not the ones on another', () => {
    const shoppers = ids(10_000);
    const search = new Set(
      shoppers.filter((id) => servesCanary(id, { tenant: 'harbourside-motors', team: 'mf-search', percent: 50 })),
    );
    const both = shoppers.filter(
      (id) => search.has(id) && servesCanary(id, { tenant: 'harbourside-motors', team: 'mf-finance', percent: 50 }),
    ).length;
    // Independent halves overlap on a quarter of shoppers; the same split would be a half.
    expect(Math.abs(both / 100 - 25)).toBeLessThanOrEqual(3);
  });

  it('decides each tenant on its own', () => {
    const shoppers = ids(10_000);
    const same = shoppers.filter(
      (id) => canaryBucket(id, 'harbourside-motors', 'mf-search') === canaryBucket(id, 'redgum-used-cars', 'mf-search'),
    ).length;
    expect(same).toBeLessThan(300);
  });

  it('issues 128-bit ids and accepts only ids of that shape', () => {
    const id = newShopperId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(newShopperId()).not.toBe(id);
    expect(isShopperId(id)).toBe(true);
    expect(isShopperId('abc')).toBe(false);
    expect(isShopperId(`${id.slice(0, 31)}Z`)).toBe(false);
    expect(isShopperId(undefined)).toBe(false);
  });
});
