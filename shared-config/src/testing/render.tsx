import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { ForecourtProvider } from '../runtime/react';
import { forecourtStore, sessionAtom, tenantAtom, toastAtom, type Session } from '../runtime/store';
import {
  parseTenantConfig,
  toPublicTenantConfig,
  type PublicTenantConfig,
  type TenantConfigInput,
} from '../tenant/schema';

/** A valid tenant for component tests; override only what a test is about. */
export function testTenant(overrides: Partial<TenantConfigInput> = {}): PublicTenantConfig {
  return toPublicTenantConfig(
    parseTenantConfig(
      {
        slug: 'test-motors',
        name: 'Test Motors',
        kind: 'multi-franchise',
        logo: { text: 'TM', alt: 'Test Motors logo' },
        theme: { primary: '#123456', accent: '#abcdef' },
        contact: { phone: '02 9000 0000', city: 'Sydney', state: 'NSW' },
        ...overrides,
      },
      'test',
    ),
  );
}

export interface RenderWithPlatformOptions extends Omit<RenderOptions, 'wrapper'> {
  tenant?: PublicTenantConfig;
  session?: Session;
  /** The URL the component sees, e.g. '/search/used-cars?query=ranger'. */
  route?: string;
}

/**
 * The one render wrapper for component tests: the page's store with a tenant and session set,
 * and a router at `route` — what the shell and a remote's root provide on a real page.
 */
export function renderWithPlatform(ui: ReactElement, options: RenderWithPlatformOptions = {}): RenderResult {
  const { tenant = testTenant(), session = { status: 'signed-out' }, route = '/', ...rest } = options;
  forecourtStore.set(tenantAtom, tenant);
  forecourtStore.set(sessionAtom, session);
  forecourtStore.set(toastAtom, null);
  return render(
    <ForecourtProvider>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </ForecourtProvider>,
    rest,
  );
}
export { testRouteHeadings, type RouteHeadingCases } from './route-headings';
export { expectConsole } from './console';
export { serveRoutes, type RouteAnswer } from './http';
export { provideFragment } from './fragments';
