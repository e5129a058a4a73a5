import type { TenantConfig } from '@forecourt/shared-config/tenant';

/**
 * The header Node clients (tests, curl) use when they cannot resolve `*.localhost`. The server
 * honours it only in development or from this machine (see the tenants plugin), and never on a
 * dealer's configured domain, so a request from the internet cannot make one dealer's domain
 * answer with another's pages, logo or stock.
 */
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

/**
 * Looks tenants up by slug and by configured domain. Tenants are rows that change while the
 * server runs, so the set is replaced whole (`replace`): a lookup reads either the old set or
 * the new one, never half of each.
 */
export class TenantDirectory {
  private bySlug = new Map<string, TenantConfig>();
  private byDomain = new Map<string, TenantConfig>();
  private tenants: readonly TenantConfig[] = [];

  constructor(all: readonly TenantConfig[]) {
    this.replace(all);
  }

  /** Every tenant, by slug. */
  get all(): readonly TenantConfig[] {
    return this.tenants;
  }

  replace(all: readonly TenantConfig[]): void {
    const sorted = [...all].sort((a, b) => a.slug.localeCompare(b.slug));
    this.bySlug = new Map(sorted.map((t) => [t.slug, t]));
    this.byDomain = new Map(sorted.flatMap((t) => t.domains.map((d) => [d.toLowerCase(), t] as const)));
    this.tenants = sorted;
  }

  get(slug: string): TenantConfig | undefined {
    return this.bySlug.get(slug);
  }

  /**
   * A configured production domain is that dealer, whatever the header says; otherwise the header
   * (when the caller passes it on, i.e. trusts it) names the tenant, then `{slug}.localhost`.
   * Anything else is no tenant at all.
   */
  resolve(request: { host: string | undefined; header: string | string[] | undefined }): TenantConfig | undefined {
    const host = hostName(request.host);
    const byDomain = this.byDomain.get(host);
    if (byDomain) return byDomain;
    const header = Array.isArray(request.header) ? request.header[0] : request.header;
    if (header) return this.bySlug.get(header.trim().toLowerCase());
    if (host.endsWith(LOCAL_SUFFIX)) {
      const sub = host.slice(0, -LOCAL_SUFFIX.length);
      return sub.includes('.') ? undefined : this.bySlug.get(sub);
    }
    return undefined;
  }
}

/**
 * Whether a request could name a tenant the directory does not hold yet: a header, a
 * `{slug}.localhost`, or a host name that could be a dealer's domain. Addresses, bare localhost
 * and the platform's own hosts (the console's) name none.
 */
export function couldNameTenant(
  request: { host: string | undefined; header: string | string[] | undefined },
  platformHosts: ReadonlySet<string>,
): boolean {
  const header = Array.isArray(request.header) ? request.header[0] : request.header;
  if (header?.trim()) return true;
  const host = hostName(request.host);
  if (!host || host === 'localhost' || platformHosts.has(host) || host.startsWith('[')) return false;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return false;
  if (host.endsWith(LOCAL_SUFFIX)) return !host.slice(0, -LOCAL_SUFFIX.length).includes('.');
  return host.includes('.');
}

/**
 * The origin a dealer site writes into every absolute address (canonical links, Open Graph, the
 * sitemap, robots.txt, documents): never the Host header as sent, which anyone can set (and a
 * shared cache would then keep the stranger's host in a page for everyone). In production it is
 * the tenant's first configured domain; in development its `{slug}.localhost` on this server's
 * port, or its first domain when the request came in on one of its domains (a balancer in front
 * of a development server). The scheme is the request's, which only the socket or a trusted
 * balancer sets.
 */
export function siteOrigin(
  tenant: TenantConfig,
  request: { protocol: string; host: string | undefined },
  options: { production: boolean; port: number },
): string {
  const domain = tenant.domains[0];
  const name = hostName(request.host);
  if (domain && (options.production || tenant.domains.some((d) => d.toLowerCase() === name)))
    return `${request.protocol}://${domain.toLowerCase()}`;
  // The site's own development host keeps the port it was asked on (a proxy in front of the demo);
  // any other host gets this server's.
  const asked = name === `${tenant.slug}${LOCAL_SUFFIX}` ? /:(\d{1,5})$/.exec(request.host ?? '')?.[1] : undefined;
  const port = asked === undefined ? options.port : Number(asked);
  const standard = (request.protocol === 'https' && port === 443) || (request.protocol === 'http' && port === 80);
  return `${request.protocol}://${tenant.slug}${LOCAL_SUFFIX}${standard ? '' : `:${port}`}`;
}
