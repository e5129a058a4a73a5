import fp from 'fastify-plugin';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { TENANT_HEADER, TenantDirectory } from '../../../tenants/resolve-tenant';

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
}

export default fp<TenantsPluginOptions>(
  async (fastify, options) => {
    const directory = new TenantDirectory(options.tenants);
    fastify.decorate('tenants', directory);
    fastify.decorateRequest('tenant', null);
    fastify.addHook('onRequest', async (request) => {
      request.tenant = directory.resolve({ host: request.headers.host, header: request.headers[TENANT_HEADER] }) ?? null;
    });
  },
  { name: 'tenants', fastify: '5.x' },
);
