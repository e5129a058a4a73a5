import { account } from '../testing/fixtures';
import { isOperator, managesStockKeys, mayChangeFeeds, mayChangePins, mayManageStockKeys } from './permissions';

describe('what the console offers an account', () => {
  it('an operator changes pins on every tenant', () => {
    expect(mayChangePins(account({ role: 'operator' }), 'summit-auto-group')).toBe(true);
  });

  it('a tenant manager changes pins on its own tenants only', () => {
    const manager = account({ role: 'tenant-manager', tenants: ['harbourside-motors'] });
    expect([mayChangePins(manager, 'harbourside-motors'), mayChangePins(manager, 'summit-auto-group')]).toEqual([
      true,
      false,
    ]);
  });

  it('a viewer changes nothing, even on a tenant it holds', () => {
    expect(mayChangePins(account({ role: 'viewer', tenants: ['harbourside-motors'] }), 'harbourside-motors')).toBe(
      false,
    );
  });

  it('only an operator manages accounts', () => {
    expect([
      isOperator(account({ role: 'operator' })),
      isOperator(account({ role: 'tenant-manager', tenants: ['x'] })),
    ]).toEqual([true, false]);
  });

  it("a tenant manager manages its own tenants' stock keys only, a viewer none", () => {
    const manager = account({ role: 'tenant-manager', tenants: ['harbourside-motors'] });
    const viewer = account({ role: 'viewer', tenants: ['harbourside-motors'] });
    expect([
      mayManageStockKeys(manager, 'harbourside-motors'),
      mayManageStockKeys(manager, 'summit-auto-group'),
      mayManageStockKeys(viewer, 'harbourside-motors'),
    ]).toEqual([true, false, false]);
  });

  it("a tenant manager changes its own tenants' scheduled feeds only, a viewer none", () => {
    const manager = account({ role: 'tenant-manager', tenants: ['harbourside-motors'] });
    const viewer = account({ role: 'viewer', tenants: ['harbourside-motors'] });
    expect([
      mayChangeFeeds(manager, 'harbourside-motors'),
      mayChangeFeeds(manager, 'summit-auto-group'),
      mayChangeFeeds(viewer, 'harbourside-motors'),
    ]).toEqual([true, false, false]);
  });

  it('the stock keys page is for operators and tenant managers', () => {
    expect(
      (['operator', 'tenant-manager', 'viewer'] as const).map((role) => managesStockKeys(account({ role }))),
    ).toEqual([true, true, false]);
  });
});
