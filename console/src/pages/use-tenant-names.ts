import { TenantNames } from '@forecourt/admin-contract';
import type { ApiError } from '../api/client';
import { useLive } from '../api/use-live';
import type { TenantName } from '../ui/tenant-picker';

/**
 * The tenants this account sees, slug and name, read once (a filter or a form needs no live
 * list); `error` says why there are none when the read failed.
 */
export function useTenantNames(): { tenants: TenantName[]; error: ApiError | null } {
  const live = useLive(TenantNames, '/_admin/tenant-names', { poll: false });
  return { tenants: live.data?.tenants ?? [], error: live.error };
}
