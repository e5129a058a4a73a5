import { z } from 'zod';
import { SITE_GATES } from '../gated-routes';
import { NO_PRICE_TEXT } from '../price';
import { searchLinkProblem } from '../search-routes';
import { LinkSchema, slug } from './fields';
import { ChromeSettingsSchema } from './sections/chrome';
import { financeTenantRoutes, FinanceSettingsSchema } from './sections/finance';
import { LeadSettingsSchema } from './sections/leads';
import { LocationSettingsSchema } from './sections/locations';
import { SearchSettingsSchema } from './sections/search';
import { VehicleSettingsSchema } from './sections/vehicle';

/**
 * Tenant configuration: data, validated at server start. Every per-dealer variation in the
 * specification becomes a named, typed switch with a default, so a tenant file only states
 * where it differs. Each team's switches are a section of their own (`sections/<team>.ts`, the
 * chrome's in `sections/chrome.ts`), composed here: a team's new switch touches only its section.
 */

export { CAR_TYPES, OPTIONAL_FILTERS } from './sections/search';
export { FINANCE_PROVIDERS, type FinanceProvider, type FinanceSettings } from './sections/finance';
export type { LocationSettings } from './sections/locations';
export type { ChromeSettings } from './sections/chrome';

/** Which remotes a site switches on; a switched-off remote is not in the tenant's manifest. */
const FeaturesSchema = z
  .object({
    'mf-search': z.boolean().default(true),
    'mf-vehicle': z.boolean().default(true),
    'mf-finance': z.boolean().default(true),
    'mf-leads': z.boolean().default(true),
    'mf-locations': z.boolean().default(true),
  })
  .strict();

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1a2b3c');

export const SITE_KINDS = ['multi-franchise', 'used-only', 'dealer-group', 'caravan'] as const;

const BrandSchema = z
  .object({
    title: z.string().min(1),
    slug,
    category: z.enum(['car', 'motorcycle', 'truck']),
    skipPage: z.boolean().default(false),
  })
  .strict();

/**
 * Slugs no tenant may take: `{slug}.localhost` and a tenant's subdomain must never collide with
 * the platform's own sites (the operator console answers at console.localhost).
 */
const RESERVED_TENANT_SLUGS = ['console'] as const;

export const TenantConfigSchema = z
  .object({
    slug: slug.refine((value) => !(RESERVED_TENANT_SLUGS as readonly string[]).includes(value), {
      message: 'is reserved for the platform (the operator console); choose another slug',
    }),
    name: z.string().min(1).max(80),
    kind: z.enum(SITE_KINDS),
    /** Production host names; `{slug}.localhost` always resolves in development. */
    domains: z.array(z.string().regex(/^[a-z0-9.-]+$/, 'must be a bare host name')).default([]),
    logo: z.object({ text: z.string().min(1).max(4), alt: z.string().min(1) }).strict(),
    theme: z.object({ primary: hexColour, accent: hexColour }).strict(),
    contact: z
      .object({
        phone: z.string().regex(/^[0-9 +()]{8,20}$/, 'must be a phone number'),
        city: z.string().min(1),
        state: z.enum(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']),
        /** The dealer's clock (an IANA zone) when it is not its state's capital's: opening hours and bookings are read in it. */
        timeZone: z
          .string()
          .refine((zone) => {
            try {
              new Intl.DateTimeFormat('en-AU', { timeZone: zone });
              return true;
            } catch {
              return false;
            }
          }, 'must be an IANA time zone, e.g. Australia/Brisbane')
          .optional(),
      })
      .strict(),
    features: FeaturesSchema.prefault({}),
    // Each section's defaults are its own: an absent section is parsed from {}.
    search: SearchSettingsSchema.prefault({}),
    vehicle: VehicleSettingsSchema.prefault({}),
    leads: LeadSettingsSchema.prefault({}),
    finance: FinanceSettingsSchema.prefault({}),
    locations: LocationSettingsSchema.prefault({}),
    /**
     * How prices read on every page that shows one (result cards, the vehicle page, its sticky
     * header, the brochure): spec 'Price display priority: subscription price (subscription
     * dealers), then reduced or offer price, then price. A price of 10 or less shows PREORDER for
     * preorder cars, otherwise the configured no-price text.'
     */
    pricing: z
      .object({
        /** A subscription dealer: a car's subscription price ('$189 / week') is shown before its other prices. */
        subscriptionDealer: z.boolean().default(false),
        /** What a price of 10 or less reads on a car that is not a preorder. */
        noPriceText: z.string().trim().min(1).max(40).default(NO_PRICE_TEXT),
      })
      .strict()
      .prefault({}),
    /** Routes a signed-out visitor is sent to sign in for (spec: gated 'only on some sites'); online payment and garages are always gated. */
    gatedRoutes: z.array(z.enum(SITE_GATES)).max(SITE_GATES.length).default([]),
    nav: z.array(LinkSchema).max(12).default([]),
    chrome: ChromeSettingsSchema.prefault({}),
    /** The site's branded garage besides /my-garage (spec: '/mymotorama, /mybigboxcars, /myblinkr, /myservco'); always behind sign-in. */
    garage: z.enum(['/mymotorama', '/mybigboxcars', '/myblinkr', '/myservco']).optional(),
    brands: z.array(BrandSchema).default([]),
    /** Server-only settings: never inlined into a page. */
    private: z
      .object({
        leadsEmail: z.string().email().optional(),
      })
      .strict()
      .default({}),
  })
  .strict();

export type TenantConfig = z.infer<typeof TenantConfigSchema>;
export type TenantConfigInput = z.input<typeof TenantConfigSchema>;
export type PublicTenantConfig = Omit<TenantConfig, 'private' | 'domains'>;

export const PublicTenantConfigSchema = TenantConfigSchema.omit({ private: true, domains: true });

export function toPublicTenantConfig(config: TenantConfig): PublicTenantConfig {
  const { private: _private, domains: _domains, ...rest } = config;
  return rest;
}

export interface TenantConfigProblem {
  tenant: string;
  field: string;
  reason: string;
}

export class InvalidTenantConfigError extends Error {
  constructor(readonly problems: TenantConfigProblem[]) {
    super(
      'Invalid tenant configuration:\n' +
        problems.map((p) => `  - tenant '${p.tenant}', field '${p.field}': ${p.reason}`).join('\n'),
    );
    this.name = 'InvalidTenantConfigError';
  }
}

/**
 * Parses one tenant's raw config. `source` names the tenant in errors when the slug itself is
 * missing or wrong (the file name, typically).
 */
export function parseTenantConfig(raw: unknown, source: string): TenantConfig {
  const result = TenantConfigSchema.safeParse(raw);
  if (result.success) {
    const problems = searchLinkProblems(result.data);
    if (problems.length) throw new InvalidTenantConfigError(problems);
    return result.data;
  }
  const tenant =
    typeof raw === 'object' && raw !== null && typeof (raw as { slug?: unknown }).slug === 'string'
      ? (raw as { slug: string }).slug
      : source;
  throw new InvalidTenantConfigError(
    result.error.issues.map((issue) => ({
      tenant,
      field: issue.path.length ? issue.path.join('.') : '(root)',
      reason: issue.message,
    })),
  );
}

/**
 * The site's header and footer links to search pages that would list nothing: a condition route
 * (/search/used-cars, /search/new-and-used-caravans) must be one the search pages read, for car
 * types the site sells. A link to a make or dealership depends on stock, not configuration.
 */
function searchLinkProblems(config: TenantConfig): TenantConfigProblem[] {
  const links = [
    ...config.nav.map((link, i) => ({ field: `nav.${i}.href`, href: link.href })),
    ...config.chrome.footer.flatMap((column, c) =>
      column.links.map((link, i) => ({ field: `chrome.footer.${c}.links.${i}.href`, href: link.href })),
    ),
  ];
  return links.flatMap(({ field, href }) => {
    const reason = searchLinkProblem(href, config.search.carTypes, config.search.itemNoun);
    return reason ? [{ tenant: config.slug, field, reason }] : [];
  });
}

/** Parses every tenant and checks what only the set can show: unique slugs and domains. */
export function parseTenantConfigs(entries: Array<{ source: string; raw: unknown }>): TenantConfig[] {
  const problems: TenantConfigProblem[] = [];
  const configs: TenantConfig[] = [];
  for (const { source, raw } of entries) {
    try {
      configs.push(parseTenantConfig(raw, source));
    } catch (error) {
      if (error instanceof InvalidTenantConfigError) problems.push(...error.problems);
      else throw error;
    }
  }
  const seenSlugs = new Set<string>();
  const seenDomains = new Map<string, string>();
  for (const config of configs) {
    if (seenSlugs.has(config.slug)) {
      problems.push({ tenant: config.slug, field: 'slug', reason: 'is used by another tenant' });
    }
    seenSlugs.add(config.slug);
    config.domains.forEach((domain, i) => {
      const owner = seenDomains.get(domain);
      if (owner) {
        problems.push({
          tenant: config.slug,
          field: `domains.${i}`,
          reason: `'${domain}' already belongs to '${owner}'`,
        });
      }
      seenDomains.set(domain, config.slug);
    });
  }
  if (problems.length) throw new InvalidTenantConfigError(problems);
  return configs;
}

// The dealer's clock lives with the hours (no validation library in the pages that read it).
export { dealerTimeZone } from '../hours';

/**
 * Paths a site gives a team beyond its build's routes.json: the dealer-configured finance link
 * (spec: 'a dealer-configured finance link' shows the finance enquiry), the Equifax finance page
 * where the site has it, and the branded garage
 * (mf-search's garage page). The platform adds them to
 * the team's routes in the page's manifest, so the shell mounts the team there; the team's app
 * routes them too.
 */
export function tenantRoutes(tenant: Pick<TenantConfig, 'finance' | 'garage'>, team: string): string[] {
  if (team === 'mf-finance') return financeTenantRoutes(tenant.finance);
  if (team === 'mf-search' && tenant.garage) return [tenant.garage];
  return [];
}
