import { Provider, useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import type { PublicTenantConfig } from '../tenant/schema';
import type { SearchAccess } from './manifest';
import { forecourtStore, searchAccessAtom, tenantAtom } from './store';

/** Wraps a React root so it shares the page's one store. Every app and fragment root uses it. */
export function ForecourtProvider({ children }: { children: ReactNode }) {
  return <Provider store={forecourtStore}>{children}</Provider>;
}

/** The current tenant's public config. Throws when used before the shell has set it. */
export function useTenant(): PublicTenantConfig {
  const tenant = useAtomValue(tenantAtom, { store: forecourtStore });
  if (!tenant) throw new Error('useTenant() called before the tenant was set (is the shell booted?)');
  return tenant;
}

/** How to reach this tenant's stock search; throws when the page was served without it. */
export function useSearchAccess(): SearchAccess {
  const access = useAtomValue(searchAccessAtom, { store: forecourtStore });
  if (!access) throw new Error('useSearchAccess() called on a page without search access in its boot data');
  return access;
}
