import { z } from 'zod';
import { PublicTenantConfigSchema } from '../tenant/schema';
import { REMOTE_TEAMS } from '../teams';

/**
 * What the server inlines into every page: the tenant's public config and its remote manifest
 * (which version of each remote this tenant runs, where its entry is, which routes it owns).
 * The shell reads this and nothing else to compose the page: no remote URL is compiled in.
 */

const EntrySchema = z
  .object({
    version: z.string().min(1),
    /** Versioned, immutable URL of the remote's `remoteEntry.js`. */
    entry: z.string().min(1),
    /** Subresource Integrity of the entry (sha384), checked by the browser on load. */
    integrity: z.string().startsWith('sha384-').optional(),
  })
  .strict();

export const RemoteManifestEntrySchema = EntrySchema.extend({
  team: z.enum(REMOTE_TEAMS),
  /** Module Federation container name, e.g. `mf_search`. */
  name: z.string().regex(/^mf_[a-z]+$/),
  /** Route patterns this remote owns, as declared in its `routes.json`. */
  routes: z.array(z.string().startsWith('/')),
  /** The version this tenant ran before the current pin: the shell falls back to it. */
  lastGood: EntrySchema.optional(),
}).strict();

export type RemoteManifestEntry = z.infer<typeof RemoteManifestEntrySchema>;

/**
 * Where and how this page searches stock: an Algolia application (the platform's own search
 * service by default, Algolia in production) and a search key secured to this tenant's stock.
 */
export const SearchAccessSchema = z
  .object({
    appId: z.string().min(1),
    /** Secured, expiring search key: it carries the tenant's base stock filters. */
    apiKey: z.string().min(1),
    /** Search hosts; empty means this page's own origin. */
    hosts: z.array(z.string()),
    indexName: z.string().min(1),
    /** Sort orders as replica index names (spec: most relevant, latest, highest and lowest price). */
    sorts: z.object({ relevant: z.string(), latest: z.string(), priceDesc: z.string(), priceAsc: z.string() }).strict(),
    /**
     * Extra numeric filters a sort needs on this site, by index name (spec: the price-ascending
     * sort adds 'price > 0' on some sites). The search client adds them when it uses that index.
     */
    sortFilters: z.record(z.string(), z.string()),
    /**
     * The manufacturer and model catalogue (the model search): its index and a key secured to
     * the site's own catalogue. Absent from servers older than the model search.
     */
    models: z
      .object({ indexName: z.string().min(1), apiKey: z.string().min(1) })
      .strict()
      .optional(),
  })
  .strict();

export type SearchAccess = z.infer<typeof SearchAccessSchema>;

const LinkSchema = z.object({ label: z.string(), href: z.string() }).strict();

/** A content page the server found for a path no remote owns (shared-config's content.ts). */
export const ContentPageSchema = z
  .object({
    kind: z.enum(['page', 'post', 'blog', 'brands', 'brand']),
    path: z.string().startsWith('/'),
    title: z.string().min(1),
    description: z.string(),
    breadcrumbs: z.array(LinkSchema),
    html: z.string(),
    date: z.string().optional(),
    image: z.string().nullable().optional(),
    cta: LinkSchema.optional(),
    cards: z
      .array(
        z
          .object({
            heading: z.string(),
            description: z.string(),
            href: z.string(),
            image: z.string().nullable(),
            date: z.string(),
            dealerText: z.boolean().optional(),
          })
          .strict(),
      )
      .optional(),
    sections: z.array(LinkSchema).optional(),
    brands: z
      .array(
        z
          .object({
            title: z.string(),
            slug: z.string(),
            category: z.enum(['car', 'motorcycle', 'truck']),
            logo: z.string(),
            href: z.string(),
          })
          .strict(),
      )
      .optional(),
    /** The page is the dealer's own (its title, lead, body and button are the dealer's words); absent on the platform's shared pages. */
    dealerText: z.boolean().optional(),
  })
  .strict();

export const BootDataSchema = z
  .object({
    tenant: PublicTenantConfigSchema,
    remotes: z.array(RemoteManifestEntrySchema),
    shellVersion: z.string(),
    search: SearchAccessSchema.optional(),
    /**
     * Who is signed in on this site (from the server session), so the page starts signed in or
     * out without asking; absent from servers before sign-in existed (the shell then asks).
     */
    session: z.object({ phone: z.string() }).strict().nullable().optional(),
    /** The content page at this path when no remote owns it (blog, legal, the dealer's pages, brands). */
    content: ContentPageSchema.optional(),
    /** Timeouts of the shell's failure policy, when the server sets them (defaults otherwise). */
    failurePolicy: z
      .object({
        entryTimeoutMs: z.number().int().positive().optional(),
        fragmentTimeoutMs: z.number().int().positive().optional(),
      })
      .strict()
      .optional(),
    /**
     * A developer override is active in this browser (a signed cookie only the platform's admin
     * token can set): these teams load from the given entry instead of their pinned version, and
     * the shell shows a banner saying so. Absent for every shopper.
     */
    override: z
      .object({
        remotes: z
          .array(
            z
              .object({
                team: z.enum(REMOTE_TEAMS),
                entry: z.string().min(1),
                /** The version every other browser of this site runs. */
                pinned: z.string().min(1).optional(),
              })
              .strict(),
          )
          .min(1),
        /** When the override ends by itself (ISO 8601). */
        expiresAt: z.string(),
        /** Where the banner's Clear button posts to remove the override. */
        clearUrl: z.string().startsWith('/'),
      })
      .strict()
      .optional(),
  })
  .strict();

export type BootData = z.infer<typeof BootDataSchema>;
