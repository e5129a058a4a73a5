import type { OperatorRole } from '@forecourt/data/schema';

export type { OperatorRole };

/**
 * What an admin route does. `read` is every read of pins, history, failures, publishes and the
 * audit; `own-token` is a caller making a token for itself; `accounts` is making or deactivating
 * accounts and tokens for others; `lead-retry` is sending a tenant's waiting leads now.
 */
export const ADMIN_ACTIONS = [
  'read',
  'pin',
  'canary',
  'promote',
  'rollback',
  'publish',
  'override',
  'synonyms',
  'reindex',
  'accounts',
  'own-token',
  // Sending a tenant's waiting leads to its CRM now (the console's lead delivery page): operators only.
  'lead-retry',
  // Making, listing and revoking a tenant's Stock API keys: operators, and that tenant's managers.
  'stock-keys',
  // A tenant's scheduled feeds and its imports: whoever may manage its stock keys.
  'feeds',
  // A tenant's settings, a section at a time (the chrome, contact, hours, nav, each team's
  // switches): operators, and that tenant's managers. The site section (its domains) is the
  // operators' alone, which the route checks.
  'tenant-settings',
  // Creating tenants, replacing or exporting their whole configurations: operators only.
  'tenants',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** Who asks: a role and the tenants it holds (null: every tenant). */
export interface Caller {
  role: OperatorRole;
  tenants: readonly string[] | null;
}

export type Decision = { allowed: true } | { allowed: false; reason: string };

// spec: 'a tenant manager (named tenants only: pin, canary, promote and rollback there, nothing else)';
// its site's stock keys and feeds were added since: how a dealer's system writes that site's stock.
const ROLE_ACTIONS: Record<OperatorRole, ReadonlySet<AdminAction>> = {
  operator: new Set(ADMIN_ACTIONS),
  'tenant-manager': new Set<AdminAction>([
    'read',
    'pin',
    'canary',
    'promote',
    'rollback',
    'own-token',
    'stock-keys',
    'feeds',
    'tenant-settings',
  ]),
  viewer: new Set<AdminAction>(['read', 'own-token']),
};

/**
 * Whether `caller` may do `action` on `tenant`. Without a tenant the action concerns the platform
 * as a whole (publishes, synonyms, the platform default pin '*', every tenant's list), which only
 * a caller holding every tenant may touch. A caller's own token concerns no tenant.
 */
export function may(caller: Caller, action: AdminAction, tenant?: string): Decision {
  if (!ROLE_ACTIONS[caller.role].has(action)) return { allowed: false, reason: `a ${caller.role} may not ${action}` };
  if (action === 'own-token' || caller.tenants === null) return { allowed: true };
  if (tenant === undefined)
    return {
      allowed: false,
      reason: `${action} concerns every tenant; this account holds only ${caller.tenants.join(', ')}`,
    };
  if (!caller.tenants.includes(tenant))
    return {
      allowed: false,
      reason: `this account may not ${action} on '${tenant}' (it holds ${caller.tenants.join(', ')})`,
    };
  return { allowed: true };
}

/** Whether the role may do the action somewhere: the check before the tenant is known. */
export function roleMay(caller: Caller, action: AdminAction): Decision {
  return ROLE_ACTIONS[caller.role].has(action)
    ? { allowed: true }
    : { allowed: false, reason: `a ${caller.role} may not ${action}` };
}

/** Whether a list row of this tenant is shown to the caller. */
export function canSee(caller: Caller, tenant: string): boolean {
  return may(caller, 'read', tenant).allowed;
}
