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
  /** Loaded (and checked) before the server is built, as the tenants are. */
  library: ContentLibrary;
}

/** The dealers' content pages (content/README.md), read from the library the start checked. */
export default fp<ContentPluginOptions>(
  async (fastify, options) => {
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
  { name: 'content', fastify: '5.x', dependencies: ['database'] },
);
