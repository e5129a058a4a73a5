import type { TenantConfig } from '@forecourt/shared-config/tenant';

/** The header Node clients (tests, curl) use when they cannot resolve `*.localhost`. */
export const TENANT_HEADER = 'x-forecourt-tenant';

const LOCAL_SUFFIX = '.localhost';

/** Lower-cased host name without the port; handles `[::1]:8080`. */
export function hostName(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  return (colon === -1 ? host : host.slice(0, colon)).replace(/\.$/, '');
}

/** Looks tenants up by slug and by configured domain; built once at start. */
export class TenantDirectory {
  private readonly bySlug: Map<string, TenantConfig>;
  private readonly byDomain: Map<string, TenantConfig>;

  constructor(readonly all: readonly TenantConfig[]) {
    this.bySlug = new Map(all.map((t) => [t.slug, t]));
    this.byDomain = new Map(all.flatMap((t) => t.domains.map((d) => [d.toLowerCase(), t] as const)));
  }

  get(slug: string): TenantConfig | undefined {
    return this.bySlug.get(slug);
  }

  /**
   * The explicit header wins (development and tests), then `{slug}.localhost`, then a configured
   * production domain. Anything else is no tenant at all.
   */
  resolve(request: { host: string | undefined; header: string | string[] | undefined }): TenantConfig | undefined {
    const header = Array.isArray(request.header) ? request.header[0] : request.header;
    if (header) return this.bySlug.get(header.trim().toLowerCase());
    const host = hostName(request.host);
    if (host.endsWith(LOCAL_SUFFIX)) {
      const sub = host.slice(0, -LOCAL_SUFFIX.length);
      return sub.includes('.') ? undefined : this.bySlug.get(sub);
    }
    return this.byDomain.get(host);
  }
}
