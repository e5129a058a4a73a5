import type { Kysely } from 'kysely';
import { isRemoteTeam, REMOTE_TEAMS } from '@forecourt/shared-config/teams';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import {
  DEFAULT_TENANT,
  effectivePins,
  listCanaries,
  listPinChanges,
  listPins,
  PinChangeError,
  promoteCanary,
  rollbackPin,
  setPin,
  startCanary,
  type Canary,
  type CanaryResult,
  type Pin,
  type PinChange,
  type PinResult,
} from '@forecourt/data/pins';
import type { PlatformTables } from '@forecourt/data/schema';
import { earnedVersionsOfAll } from '@forecourt/data/version-health';
import { isRegistryTeam, REGISTRY_TEAMS, SHELL_TEAM, type Registry } from '../registry/registry';

export interface EffectivePin {
  tenant: string;
  team: string;
  version: string | null;
  /** What the shell falls back to if the pin fails: the newest version that earned last-good, other than the pin. */
  lastGoodVersion: string | null;
  /** Whether the pinned version itself has earned last-good for the tenant. */
  pinEarned: boolean;
  /** Where `rollback` goes: the version the pin replaced. */
  previousVersion: string | null;
  /** Whether the tenant has its own pin or runs the platform default (`*`). */
  source: 'tenant' | 'default' | 'none';
  /** The version a share of the tenant's shoppers get instead, if a canary runs. */
  canary: { version: string; percent: number } | null;
}

export interface PinsOverview {
  pins: Pin[];
  canaries: Canary[];
  effective: EffectivePin[];
  published: Record<string, string[]>;
}

/** The teams a tenant runs: the shell and every remote its config switches on. */
export function teamsOf(tenant: TenantConfig): string[] {
  return [SHELL_TEAM, ...REMOTE_TEAMS.filter((team) => tenant.features[team])];
}

function canaryOf(canaries: readonly Canary[], tenant: string, team: string): EffectivePin['canary'] {
  const canary = canaries.find((c) => c.tenant === tenant && c.team === team);
  return canary ? { version: canary.version, percent: canary.percent } : null;
}

/**
 * Pin changes with the checks that need more than the database: the tenant exists, the remote
 * is switched on for it, the version is published. Every entry point (admin API, CLI, start-up
 * pinning) goes through here.
 */
export class PinService {
  constructor(
    private readonly db: Kysely<PlatformTables>,
    private readonly registry: Registry,
    /** The tenants, or how to read them now (the server's change while it runs: they are rows). */
    tenants: readonly TenantConfig[] | (() => readonly TenantConfig[]),
  ) {
    this.currentTenants = typeof tenants === 'function' ? tenants : () => tenants;
  }

  private readonly currentTenants: () => readonly TenantConfig[];

  private get tenants(): readonly TenantConfig[] {
    return this.currentTenants();
  }

  private checkTarget(tenant: string, team: string): void {
    if (!isRegistryTeam(team)) {
      throw new PinChangeError(`Unknown team '${team}': expected one of ${REGISTRY_TEAMS.join(', ')}`, 'invalid');
    }
    if (tenant === DEFAULT_TENANT) return;
    const config = this.tenants.find((t) => t.slug === tenant);
    if (!config) throw new PinChangeError(`Unknown tenant '${tenant}'`, 'not-found');
    if (isRemoteTeam(team) && !config.features[team]) {
      throw new PinChangeError(
        `${team} is switched off for ${tenant} (features.${team} is false in its tenant config)`,
        'conflict',
      );
    }
  }

  private async checkPublished(team: string, version: string): Promise<void> {
    if (await this.registry.isPublished(team, version)) return;
    const versions = await this.registry.listVersions(team);
    throw new PinChangeError(
      `${team} ${version} is not published (published: ${versions.length ? versions.join(', ') : 'none'})`,
      'not-found',
    );
  }

  async pin(input: { tenant: string; team: string; version: string; actor: string }): Promise<PinResult> {
    this.checkTarget(input.tenant, input.team);
    await this.checkPublished(input.team, input.version);
    return setPin(this.db, input);
  }

  /** A rollback also ends the team's canary, if one runs (the pin then stays). */
  async rollback(input: {
    tenant: string;
    team: string;
    to?: string;
    actor: string;
    expected?: string | null;
  }): Promise<PinResult> {
    this.checkTarget(input.tenant, input.team);
    if (input.to) await this.checkPublished(input.team, input.to);
    return rollbackPin(this.db, input);
  }

  /**
   * Sends `percent` of a tenant's shoppers to another published version, with the checks of a pin.
   * Only a tenant's own: the platform default has no shoppers of its own to split.
   */
  async canary(input: {
    tenant: string;
    team: string;
    version: string;
    percent: number;
    actor: string;
  }): Promise<CanaryResult> {
    if (input.tenant === DEFAULT_TENANT) {
      throw new PinChangeError(
        `A canary is for one tenant's shoppers; '${DEFAULT_TENANT}' is the platform default`,
        'invalid',
      );
    }
    this.checkTarget(input.tenant, input.team);
    await this.checkPublished(input.team, input.version);
    return startCanary(this.db, input);
  }

  async promote(input: { tenant: string; team: string; actor: string; expected?: string | null }): Promise<PinResult> {
    this.checkTarget(input.tenant, input.team);
    return promoteCanary(this.db, input);
  }

  history(
    filter: { tenant?: string; tenants?: readonly string[]; team?: string; limit?: number } = {},
  ): Promise<PinChange[]> {
    return listPinChanges(this.db, filter);
  }

  async overview(): Promise<PinsOverview> {
    const pins = await listPins(this.db);
    const canaries = await listCanaries(this.db);
    const effective: EffectivePin[] = [];
    // Every tenant's earned versions in one read: one read per tenant was 500 at fleet size.
    const earnedOfAll = await earnedVersionsOfAll(this.db);
    for (const tenant of this.tenants) {
      const byTeam = effectivePins(pins, tenant.slug);
      const earned = earnedOfAll.get(tenant.slug) ?? new Map<string, string[]>();
      for (const team of teamsOf(tenant)) {
        const pin = byTeam.get(team);
        const earnedOfTeam = earned.get(team) ?? [];
        effective.push({
          tenant: tenant.slug,
          team,
          version: pin?.version ?? null,
          lastGoodVersion: earnedOfTeam.find((version) => version !== pin?.version) ?? null,
          pinEarned: pin ? earnedOfTeam.includes(pin.version) : false,
          previousVersion: pin?.lastGoodVersion ?? null,
          source: !pin ? 'none' : pin.tenant === DEFAULT_TENANT ? 'default' : 'tenant',
          canary: canaryOf(canaries, tenant.slug, team),
        });
      }
    }
    const published: Record<string, string[]> = {};
    for (const team of REGISTRY_TEAMS) published[team] = await this.registry.listVersions(team);
    return { pins, canaries, effective, published };
  }
}
