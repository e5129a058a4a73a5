import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { isProduction } from '@forecourt/config/load';
import {
  couldNameTenant,
  hostName,
  siteOrigin,
  TENANT_HEADER,
  TenantDirectory,
} from '@forecourt/config/tenants/resolve-tenant';
import { consoleOrigin } from '@forecourt/config/console-origin';
import type { Database } from '@forecourt/data/database';
import {
  findTenantRow,
  latestTenantRevision,
  listTenantRows,
  seedTenantRows,
  tenantChannel,
  type TenantRow,
} from '@forecourt/data/tenants';
import { validateTenant } from '@forecourt/config/tenants/load-tenants';
import { appendVary, fromLoopback } from '@forecourt/runtime/client-address';
import { listeningPort } from '../../listening-port';
import { isSharedPath } from '@forecourt/pages/security';

declare module 'fastify' {
  interface FastifyInstance {
    tenants: TenantDirectory;
    tenantSync: TenantSync;
  }
  interface FastifyRequest {
    /** The dealer site this request is for; null outside any (bare localhost, unknown host). */
    tenant: TenantConfig | null;
  }
}

/**
 * How the tenants' rows are set at start:
 * - `seed`: each given tenant whose slug has no row yet is written (rows win once written): the
 *   embedded default and development, where the server migrates its own database;
 * - `replace`: the rows become exactly the given tenants (tests that name their tenants);
 * - `none`: the rows are read as they are (production: `forecourt migrate` seeds them).
 */
export type TenantRowsMode = 'seed' | 'replace' | 'none';

export interface TenantsPluginOptions {
  /** The tenant files' configurations as written (their slugs and JSON). */
  files: ReadonlyArray<{ slug: string; raw: unknown }>;
  rows: TenantRowsMode;
  /**
   * Where the X-Forecourt-Tenant header is honoured: 'always' in development (the default unless
   * NODE_ENV is 'production'), 'loopback' in production, where only this machine's own tools
   * (the CLI, health checks) may name a tenant by header.
   */
  tenantHeader?: 'always' | 'loopback';
  /** How often the rows' newest revision is compared with this instance's, besides the notifications (default 30 s). */
  pollMs?: number;
}

/** An unknown host is looked for in the rows at most this often (a tenant created a moment ago). */
const MISS_RELOAD_MS = 1_000;

/**
 * Keeps this instance's tenants as the rows are. A change is announced by the writer's
 * transaction (PostgreSQL's NOTIFY, on a connection of its own) and read back by slug; a lost
 * connection, and every `pollMs`, compare the newest revision and read every row again. A row
 * this instance cannot read (written by a newer version during a rolling deploy) leaves the
 * tenant as this instance last read it, and is logged.
 */
export class TenantSync {
  private revision = 0;
  private readonly listeners = new Set<(tenant: TenantConfig) => void>();
  private lastMissReload = 0;
  private missReload: Promise<void> | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    readonly directory: TenantDirectory,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs for every tenant whose configuration changed or that was created, once it is in the directory. */
  onChange(listener: (tenant: TenantConfig) => void): void {
    this.listeners.add(listener);
  }

  private parse(row: TenantRow): TenantConfig | null {
    try {
      return validateTenant(row.config, row.slug);
    } catch (error) {
      this.log.error(
        { tenant: row.slug, revision: row.revision, err: error },
        `tenant '${row.slug}' revision ${row.revision} cannot be read here; it stays as it was`,
      );
      return null;
    }
  }

  private apply(changed: TenantConfig[]): void {
    if (changed.length === 0) return;
    const bySlug = new Map(this.directory.all.map((tenant) => [tenant.slug, tenant]));
    for (const tenant of changed) bySlug.set(tenant.slug, tenant);
    this.directory.replace([...bySlug.values()]);
    for (const tenant of changed)
      for (const listener of this.listeners) {
        try {
          listener(tenant);
        } catch (error) {
          this.log.error({ tenant: tenant.slug, err: error }, 'a tenant change listener failed');
        }
      }
  }

  /** Reads every row; a tenant whose row is unchanged keeps its object (and the caches keyed on it). */
  async reloadAll(): Promise<void> {
    const rows = await listTenantRows(this.database.db);
    const known = new Map(this.directory.all.map((tenant) => [tenant.slug, tenant]));
    const changed: TenantConfig[] = [];
    for (const row of rows) {
      this.revision = Math.max(this.revision, row.revision);
      const config = this.parse(row);
      if (!config) continue;
      const before = known.get(row.slug);
      if (!before || JSON.stringify(before) !== JSON.stringify(config)) changed.push(config);
    }
    this.apply(changed);
  }

  /** Reads one tenant's row again: after a write here, or a notification from another instance. */
  async reload(slug: string): Promise<TenantConfig | undefined> {
    const row = await findTenantRow(this.database.db, slug);
    if (row) {
      this.revision = Math.max(this.revision, row.revision);
      const config = this.parse(row);
      if (config) this.apply([config]);
    }
    return this.directory.get(slug);
  }

  /**
   * A request for a host no tenant answers: the rows are read again, at most once a second
   * (a stranger's made-up hosts cost one read a second, not one per request), so a tenant
   * created on another instance serves even before its notification arrives.
   */
  async reloadForMiss(): Promise<void> {
    if (this.missReload) return this.missReload;
    if (Date.now() - this.lastMissReload < MISS_RELOAD_MS) return;
    this.lastMissReload = Date.now();
    this.missReload = this.reloadAll()
      .catch((error: unknown) => this.log.warn({ err: error }, 'reading the tenants for an unknown host failed'))
      .finally(() => {
        this.missReload = null;
      });
    return this.missReload;
  }

  async start(pollMs: number): Promise<void> {
    await this.reloadAll();
    if (this.database.listen) {
      const channel = await tenantChannel(this.database.db);
      this.stopListening = await this.database.listen(channel, {
        notified: (slug) => {
          this.reload(slug).catch((error: unknown) =>
            this.log.warn({ err: error, tenant: slug }, 'reading a changed tenant failed'),
          );
        },
        reconnected: () => {
          this.reloadAll().catch((error: unknown) => this.log.warn({ err: error }, 'reading the tenants failed'));
        },
        log: (line) => this.log.warn(line),
      });
    }
    const poll = async () => {
      try {
        if ((await latestTenantRevision(this.database.db)) > this.revision) await this.reloadAll();
      } catch (error) {
        this.log.warn({ err: error }, 'checking the tenants for changes failed');
      }
    };
    this.timer = setInterval(() => void poll(), pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.stopListening?.();
  }
}

export default fp<TenantsPluginOptions>(
  async (fastify, options) => {
    const db = fastify.database.db;
    if (options.rows === 'replace') {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('tenant_domains').execute();
        await trx.deleteFrom('tenants').execute();
      });
    }
    if (options.rows !== 'none') {
      const added = await seedTenantRows(
        db,
        options.files.map((file) => ({ slug: file.slug, config: file.raw })),
        'tenant files',
      );
      if (added.length && options.rows === 'seed')
        fastify.log.info(`tenants written from their files: ${added.join(', ')}`);
    }
    const directory = new TenantDirectory([]);
    const sync = new TenantSync(fastify.database, directory, fastify.log);
    await sync.start(options.pollMs ?? 30_000);
    fastify.addHook('onClose', async () => sync.stop());
    if (directory.all.length === 0)
      fastify.log.warn('no tenants: create one with `forecourt tenants import` or in the console');

    const production = isProduction(fastify.config);
    const platformHosts = new Set([hostName(new URL(consoleOrigin(fastify.config)).host)]);
    const tenantHeader = options.tenantHeader ?? (production ? 'loopback' : 'always');
    fastify.decorate('tenants', directory);
    fastify.decorate('tenantSync', sync);
    fastify.decorateRequest('tenant', null);
    fastify.decorateRequest('siteOrigin', undefined);
    fastify.addHook('onRequest', async (request, reply) => {
      const trusted = tenantHeader === 'always' || fromLoopback(request);
      const lookup = {
        host: request.headers.host,
        header: trusted ? request.headers[TENANT_HEADER] : undefined,
      };
      let tenant = directory.resolve(lookup);
      if (!tenant && couldNameTenant(lookup, platformHosts)) {
        await sync.reloadForMiss();
        tenant = directory.resolve(lookup);
      }
      request.tenant = tenant ?? null;
      if (request.tenant)
        request.siteOrigin = siteOrigin(request.tenant, request, {
          production,
          port: listeningPort(fastify, fastify.config.PORT),
        });
      // Where the header can change the answer, a shared cache must key on it.
      if (trusted && !isSharedPath(request.url)) appendVary(reply, 'X-Forecourt-Tenant');
    });
  },
  { name: 'tenants', fastify: '5.x', dependencies: ['config', 'database'] },
);
