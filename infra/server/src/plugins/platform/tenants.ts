import fp from 'fastify-plugin';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { isProduction } from '@forecourt/config/load';
import { siteOrigin, TENANT_HEADER, TenantDirectory } from '@forecourt/config/tenants/resolve-tenant';
import { appendVary, fromLoopback } from '@forecourt/runtime/client-address';
import { listeningPort } from '../../listening-port';
import { isSharedPath } from '@forecourt/pages/security';

declare module 'fastify' {
  interface FastifyInstance {
    tenants: TenantDirectory;
  }
  interface FastifyRequest {
    /** The dealer site this request is for; null outside any (bare localhost, unknown host). */
    tenant: TenantConfig | null;
  }
}

export interface TenantsPluginOptions {
  tenants: readonly TenantConfig[];
  /**
   * Where the X-Forecourt-Tenant header is honoured: 'always' in development (the default unless
   * NODE_ENV is 'production'), 'loopback' in production, where only this machine's own tools
   * (the CLI, health checks) may name a tenant by header.
   */
  tenantHeader?: 'always' | 'loopback';
}

export default fp<TenantsPluginOptions>(
  async (fastify, options) => {
    const directory = new TenantDirectory(options.tenants);
    const production = isProduction(fastify.config);
    const tenantHeader = options.tenantHeader ?? (production ? 'loopback' : 'always');
    fastify.decorate('tenants', directory);
    fastify.decorateRequest('tenant', null);
    fastify.decorateRequest('siteOrigin', undefined);
    fastify.addHook('onRequest', async (request, reply) => {
      const trusted = tenantHeader === 'always' || fromLoopback(request);
      request.tenant =
        directory.resolve({
          host: request.headers.host,
          header: trusted ? request.headers[TENANT_HEADER] : undefined,
        }) ?? null;
      if (request.tenant)
        request.siteOrigin = siteOrigin(request.tenant, request, {
          production,
          port: listeningPort(fastify, fastify.config.PORT),
        });
      // Where the header can change the answer, a shared cache must key on it.
      if (trusted && !isSharedPath(request.url)) appendVary(reply, 'X-Forecourt-Tenant');
    });
  },
  { name: 'tenants', fastify: '5.x', dependencies: ['config'] },
);
