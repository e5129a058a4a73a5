import fp from 'fastify-plugin';
import type { ContentPage } from '@forecourt/shared-config/content';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { ContentLibrary } from '@forecourt/domain/content/content-library';
import { resolveContent } from '@forecourt/domain/content/resolve-content';
import { listBrands, listTenantCatalogue } from '@forecourt/data/stock';

declare module 'fastify' {
  interface FastifyInstance {
    content: {
      library: ContentLibrary;
      /** The content page at a path no remote owns, or null. */
      resolve(tenant: TenantConfig, pathname: string): Promise<ContentPage | null>;
    };
  }
}

export interface ContentPluginOptions {
  /** Loaded (and checked) before the server is built, for the tenant files' configurations. */
  library: ContentLibrary;
  /** The configurations the library was built for: a tenant whose row says otherwise is built again. */
  builtFor: readonly TenantConfig[];
}

/** The dealers' content pages (content/README.md), read from the library the start checked. */
export default fp<ContentPluginOptions>(
  async (fastify, options) => {
    // A site's pages carry its settings (its name, phone, kind): a tenant the rows changed, or
    // one created since, gets its pages from the same files again.
    const refresh = (tenant: TenantConfig) => {
      const problems = options.library.refresh(tenant);
      if (problems.length)
        fastify.log.error(
          { tenant: tenant.slug, problems },
          `'${tenant.slug}' keeps its content pages as they were: with its new settings they have problems`,
        );
    };
    const built = new Map(options.builtFor.map((tenant) => [tenant.slug, JSON.stringify(tenant)]));
    for (const tenant of fastify.tenants.all) if (built.get(tenant.slug) !== JSON.stringify(tenant)) refresh(tenant);
    fastify.tenantSync.onChange(refresh);
    fastify.decorate('content', {
      library: options.library,
      resolve: (tenant, pathname) =>
        resolveContent(
          options.library,
          tenant,
          pathname,
          () => listBrands(fastify.database.db, tenant.slug),
          () => listTenantCatalogue(fastify.database.db, tenant.slug),
        ),
    });
  },
  { name: 'content', fastify: '5.x', dependencies: ['database', 'tenants'] },
);
