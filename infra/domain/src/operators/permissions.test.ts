import { ADMIN_ACTIONS, canSee, may, type AdminAction } from './permissions';

const operator = { role: 'operator', tenants: null } as const;
const summitManager = { role: 'tenant-manager', tenants: ['summit-auto-group'] } as const;
const viewerOfAll = { role: 'viewer', tenants: null } as const;
const summitViewer = { role: 'viewer', tenants: ['summit-auto-group'] } as const;

const allowed = (decision: ReturnType<typeof may>) => decision.allowed;

describe('may', () => {
  it('lets an operator do everything on every tenant and the platform', () => {
    for (const action of ADMIN_ACTIONS) {
      expect(allowed(may(operator, action, 'harbourside-motors'))).toBe(true);
      expect(allowed(may(operator, action))).toBe(true);
    }
  });

  it.each(['read', 'pin', 'canary', 'promote', 'rollback'] as const)(
    'lets a tenant manager %s on its named tenant',
    (action) => {
      expect(allowed(may(summitManager, action, 'summit-auto-group'))).toBe(true);
    },
  );

  it.each(['read', 'pin', 'canary', 'promote', 'rollback'] as const)(
    'refuses a tenant manager %s on another tenant',
    (action) => {
      expect(may(summitManager, action, 'harbourside-motors')).toEqual({
        allowed: false,
        reason: `this account may not ${action} on 'harbourside-motors' (it holds summit-auto-group)`,
      });
    },
  );

  it.each(['publish', 'override', 'synonyms', 'reindex', 'accounts'] as const)(
    'refuses a tenant manager %s, even on its own tenant',
    (action) => {
      expect(may(summitManager, action, 'summit-auto-group')).toEqual({
        allowed: false,
        reason: `a tenant-manager may not ${action}`,
      });
    },
  );

  it.each(['stock-keys', 'feeds'] as const)('lets a tenant manager manage %s on its named tenant only', (action) => {
    expect(allowed(may(summitManager, action, 'summit-auto-group'))).toBe(true);
    expect(allowed(may(summitManager, action, 'harbourside-motors'))).toBe(false);
  });

  it('refuses a tenant manager the platform default pin, which every tenant inherits', () => {
    expect(allowed(may(summitManager, 'pin', '*'))).toBe(false);
  });

  it('lets a viewer read only', () => {
    const changes = ADMIN_ACTIONS.filter(
      (action): action is Exclude<AdminAction, 'read' | 'own-token'> => action !== 'read' && action !== 'own-token',
    );
    for (const action of changes) expect(allowed(may(viewerOfAll, action, 'summit-auto-group'))).toBe(false);
    expect(allowed(may(viewerOfAll, 'read', 'harbourside-motors'))).toBe(true);
    expect(allowed(may(viewerOfAll, 'read'))).toBe(true);
  });

  it('keeps a viewer of named tenants to theirs', () => {
    expect(allowed(may(summitViewer, 'read', 'summit-auto-group'))).toBe(true);
    expect(allowed(may(summitViewer, 'read', 'harbourside-motors'))).toBe(false);
    expect(allowed(may(summitViewer, 'read'))).toBe(false);
  });

  it('lets every role make its own token', () => {
    for (const caller of [operator, summitManager, viewerOfAll, summitViewer])
      expect(allowed(may(caller, 'own-token'))).toBe(true);
  });
});

describe('canSee', () => {
  it("shows a scoped caller its own tenants' rows only", () => {
    expect(['summit-auto-group', 'harbourside-motors', '*'].filter((tenant) => canSee(summitManager, tenant))).toEqual([
      'summit-auto-group',
    ]);
  });
});
