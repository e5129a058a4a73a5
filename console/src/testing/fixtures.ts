import type {
  TenantNames,
  TenantTable,
  Account,
  CanaryResult,
  FailureCounts,
  Overview,
  Pin,
  PinChange,
  PinResult,
  PinsOverview,
  RemoteDetail,
  RemoteHealth,
  StockKey,
} from '@forecourt/admin-contract';

/** The API's clock in these fixtures: buckets are counted up to here. */
export const NOW = '2026-11-27T08:02:30.000Z';

/** Failures by kind as the API answers them: every kind, zero unless given. */
export function failures(counts: Partial<FailureCounts> = {}): FailureCounts {
  return { entry: 0, mount: 0, render: 0, 'fragment-timeout': 0, 'fragment-error': 0, other: 0, ...counts };
}

/** A canary as the API answers it: started before the fixtures' clock, no alert raised. */
export function canary(version: string, share: number): NonNullable<RemoteHealth['canary']> {
  return { version, share, startedAt: '2026-11-27T07:30:00.000Z', alert: null };
}

export function searchRemote(overrides: Partial<RemoteHealth> = {}): RemoteHealth {
  return {
    team: 'mf-search',
    pin: '1.1.5',
    canary: canary('1.1.6', 10),
    lastGood: '1.1.4',
    flagged: false,
    versions: [
      {
        version: '1.1.5',
        role: 'pin',
        clean: 118,
        failures: failures(),
        buckets: [
          { at: '2026-11-27T07:55:00.000Z', clean: 60, failures: 0 },
          { at: '2026-11-27T08:00:00.000Z', clean: 58, failures: 0 },
        ],
      },
      {
        version: '1.1.6',
        role: 'canary',
        clean: 12,
        failures: failures({ mount: 2, render: 1 }),
        buckets: [{ at: '2026-11-27T08:00:00.000Z', clean: 12, failures: 3 }],
      },
    ],
    ...overrides,
  };
}

export function overview(): Overview {
  return {
    window: 'hour',
    generatedAt: NOW,
    since: '2026-11-27T07:05:00.000Z',
    bucketSeconds: 300,
    tenants: [
      {
        tenant: 'harbourside-motors',
        name: 'Harbourside Motors',
        remotes: [
          searchRemote(),
          {
            team: 'mf-vehicle',
            pin: '1.0.5',
            canary: null,
            lastGood: '1.0.4',
            flagged: false,
            versions: [{ version: '1.0.5', role: 'pin', clean: 40, failures: failures(), buckets: [] }],
          },
        ],
      },
      {
        tenant: 'summit-auto-group',
        name: 'Summit Auto Group',
        remotes: [{ team: 'mf-search', pin: '1.1.5', canary: null, lastGood: null, flagged: false, versions: [] }],
      },
    ],
  };
}

export function remoteDetail(overrides: Partial<RemoteDetail> = {}): RemoteDetail {
  return {
    ...searchRemote(),
    tenant: 'harbourside-motors',
    name: 'Harbourside Motors',
    window: 'hour',
    generatedAt: NOW,
    since: '2026-11-27T07:05:00.000Z',
    bucketSeconds: 300,
    history: [
      {
        id: 7,
        at: '2026-11-27T07:30:00.000Z',
        tenant: 'harbourside-motors',
        team: 'mf-search',
        fromVersion: '1.1.5',
        toVersion: '1.1.6',
        action: 'canary',
        percent: 10,
        actor: 'Ada Admin',
      },
      {
        id: 6,
        at: '2026-11-26T10:00:00.000Z',
        tenant: 'harbourside-motors',
        team: 'mf-search',
        fromVersion: '1.1.4',
        toVersion: '1.1.5',
        action: 'pin',
        percent: null,
        actor: 'npm-start',
      },
    ],
    recentFailures: [
      {
        at: '2026-11-27T08:01:10.000Z',
        version: '1.1.6',
        kind: 'mount',
        message: 'TypeError: Cannot read properties of undefined (reading "price")',
        page: '/cars/toyota-hilux-2021',
        browser: 'Chrome 131 on Android',
      },
    ],
    ...overrides,
  };
}

export function pins(overrides: Partial<PinsOverview['effective'][number]> = {}): PinsOverview {
  return {
    effective: [
      {
        tenant: 'harbourside-motors',
        team: 'mf-search',
        version: '1.1.5',
        lastGoodVersion: '1.1.4',
        pinEarned: true,
        previousVersion: '1.1.4',
        source: 'tenant',
        canary: { version: '1.1.6', percent: 10 },
        ...overrides,
      },
    ],
    pins: [
      {
        tenant: 'harbourside-motors',
        team: 'mf-search',
        version: '1.1.5',
        lastGoodVersion: '1.1.4',
        updatedAt: '2026-11-26T10:00:00.000Z',
      },
    ],
    canaries: [
      {
        tenant: 'harbourside-motors',
        team: 'mf-search',
        version: '1.1.6',
        percent: 10,
        startedAt: '2026-11-27T07:30:00.000Z',
        actor: 'Ada Admin',
      },
    ],
    published: { 'mf-search': ['1.0.0', '1.1.4', '1.1.5', '1.1.6'] },
  };
}

export function account(overrides: Partial<Account> = {}): Account {
  return {
    id: 1,
    name: 'Ada Admin',
    role: 'operator',
    tenants: null,
    active: true,
    deactivatedAt: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    createdBy: 'shared admin token',
    ...overrides,
  };
}

export function stockKey(overrides: Partial<StockKey> = {}): StockKey {
  return {
    id: 7,
    tenant: 'harbourside-motors',
    label: 'Harbourside DMS',
    createdAt: '2026-11-25T09:00:00.000Z',
    createdBy: 'Ada Admin',
    revokedAt: null,
    lastUsedAt: '2026-11-27T07:58:00.000Z',
    ...overrides,
  };
}

/** A pin as the API answers it, on mf-search for Harbourside Motors. */
function pinOf(version: string, lastGoodVersion: string | null): Pin {
  return { tenant: 'harbourside-motors', team: 'mf-search', version, lastGoodVersion, updatedAt: NOW };
}

/** The answer of a pin, promote or rollback that left mf-search on `version`. */
export function pinResult(version: string, action: PinChange['action'] = 'pin'): PinResult {
  return {
    pin: pinOf(version, '1.1.5'),
    change: {
      id: 8,
      at: NOW,
      tenant: 'harbourside-motors',
      team: 'mf-search',
      fromVersion: '1.1.5',
      toVersion: version,
      action,
      percent: null,
      actor: 'Ada Admin',
    },
    droppedCanary: null,
  };
}

/** The answer of a canary of mf-search's `version` for `percent` of the shoppers. */
export function canaryResult(version: string, percent: number): CanaryResult {
  return {
    canary: { tenant: 'harbourside-motors', team: 'mf-search', version, percent, startedAt: NOW, actor: 'Ada Admin' },
    pin: pinOf('1.1.5', '1.1.4'),
    change: {
      id: 9,
      at: NOW,
      tenant: 'harbourside-motors',
      team: 'mf-search',
      fromVersion: '1.1.5',
      toVersion: version,
      action: 'canary',
      percent,
      actor: 'Ada Admin',
    },
  };
}

/** One page of the fleet's table: Harbourside with a canary and failures, Summit clean. */
export function tenantTable(overrides: Partial<TenantTable> = {}): TenantTable {
  return {
    window: 'hour',
    since: '2026-11-27T07:05:00.000Z',
    readAt: NOW,
    total: 2,
    page: 1,
    pageSize: 25,
    versions: [
      { team: 'mf-search', version: '1.1.6', tenants: 1 },
      { team: 'mf-search', version: '1.1.5', tenants: 2 },
    ],
    rows: [
      {
        tenant: 'harbourside-motors',
        name: 'Harbourside Motors',
        attention: '3 failures',
        remotes: [
          {
            team: 'mf-search',
            pin: '1.1.5',
            canary: { version: '1.1.6', share: 10 },
            lastGood: '1.1.4',
            clean: 52,
            failures: 3,
            flagged: false,
          },
        ],
      },
      {
        tenant: 'summit-auto-group',
        name: 'Summit Auto Group',
        attention: null,
        remotes: [
          { team: 'mf-search', pin: '1.1.5', canary: null, lastGood: null, clean: 7, failures: 0, flagged: false },
        ],
      },
    ],
    ...overrides,
  };
}

/** The tenants an operator sees, by name (`GET /_admin/tenant-names`): the overview's two. */
export function tenantNames(): TenantNames {
  return {
    tenants: overview().tenants.map(({ tenant, name }) => ({ tenant, name })),
  };
}
