import type { Account } from '../api/types';

/**
 * What the console offers an account, mirroring the admin API's rule (docs/operators.md: an
 * operator does everything; a tenant manager pins, runs canaries, promotes and rolls back on its
 * own tenants; a viewer reads). The API decides; this only hides controls that would be refused.
 */
export function mayChangePins(account: Account, tenant: string): boolean {
  if (account.role === 'operator') return true;
  if (account.role !== 'tenant-manager') return false;
  return account.tenants === null || account.tenants.includes(tenant);
}

/** Accounts, enrollment links and lead retries are an operator's. */
export function isOperator(account: Account): boolean {
  return account.role === 'operator';
}
