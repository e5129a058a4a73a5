import type { Account } from '@forecourt/admin-contract';

/**
 * What the console offers an account, mirroring the admin API's rule (docs/operators.md: an
 * operator does everything; a tenant manager pins, runs canaries, promotes and rolls back on its
 * own tenants, and makes and revokes their stock keys; a viewer reads). The API decides; this
 * only hides controls that would be refused.
 */
export function mayChangePins(account: Account, tenant: string): boolean {
  return managesTenant(account, tenant);
}

/** A tenant's Stock API keys: made, listed and revoked by whoever may change its pins. */
export function mayManageStockKeys(account: Account, tenant: string): boolean {
  return managesTenant(account, tenant);
}

/** A tenant's scheduled feeds: set, changed and removed by whoever manages its stock keys (the admin API's `feeds`). */
export function mayChangeFeeds(account: Account, tenant: string): boolean {
  return managesTenant(account, tenant);
}

/** A tenant's settings (its chrome, contact, hours, links, parts): operators and its managers; its domains are the operators'. */
export function mayEditTenantSettings(account: Account, tenant: string): boolean {
  return managesTenant(account, tenant);
}

/** Whether the stock keys page has anything for the account: a viewer manages no tenant's keys. */
export function managesStockKeys(account: Account): boolean {
  return account.role !== 'viewer';
}

function managesTenant(account: Account, tenant: string): boolean {
  if (account.role === 'operator') return true;
  if (account.role !== 'tenant-manager') return false;
  return account.tenants === null || account.tenants.includes(tenant);
}

/** Accounts, enrollment links and lead retries are an operator's. */
export function isOperator(account: Account): boolean {
  return account.role === 'operator';
}
