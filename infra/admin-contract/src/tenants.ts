import { z } from 'zod';
import { Timestamp } from './common';

/**
 * Tenants as rows: their settings, edited a section at a time (docs/tenants.md). The tenant's
 * configuration itself is the tenant schema's (shared-config's `TenantConfigSchema`), which the
 * server validates every change against; here it is carried as an object, so this contract
 * stays free of the schema's rules.
 */

/**
 * The editor's sections and the keys of the tenant's configuration each one writes. A tenant
 * manager edits every section but `site`: its slug-level identity, its production domains, its
 * brands' menu and the server-only settings are the platform operators' (a domain pointed at the
 * wrong tenant would serve one dealer's site on another's name).
 */
export const TENANT_SECTIONS = {
  brand: ['logo', 'theme'],
  contact: ['contact'],
  nav: ['nav'],
  footer: ['chrome'],
  features: ['features'],
  pricing: ['pricing', 'gatedRoutes'],
  search: ['search'],
  vehicle: ['vehicle'],
  leads: ['leads'],
  finance: ['finance'],
  locations: ['locations'],
  site: ['name', 'kind', 'domains', 'brands', 'garage', 'private'],
} as const satisfies Record<string, readonly string[]>;
export type TenantSection = keyof typeof TENANT_SECTIONS;
export const TENANT_SECTION_NAMES = Object.keys(TENANT_SECTIONS) as TenantSection[];
export const TenantSectionName = z.enum(TENANT_SECTION_NAMES as [TenantSection, ...TenantSection[]]);
/** Sections only an operator may change. */
export const OPERATOR_SECTIONS: readonly TenantSection[] = ['site'];

/** The location departments whose weekly hours a site keeps. */
export const HOURS_TYPES = ['sales', 'service', 'parts', 'car-buying'] as const;

const Time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time like '08:30'");

/** One weekday's hours as the editor sends them: both times, or neither (closed). */
export const DayHours = z
  .object({
    weekday: z.number().int().min(0).max(6),
    open: Time.nullable(),
    close: Time.nullable(),
  })
  .strict()
  .refine((day) => (day.open === null) === (day.close === null), {
    message: 'give both the opening and the closing time, or neither for a closed day',
    path: ['close'],
  })
  .refine((day) => day.open === null || day.close === null || day.open < day.close, {
    message: 'must be after the opening time',
    path: ['close'],
  });
export type DayHours = z.output<typeof DayHours>;

/** A location of the site and its departments' weekly hours, Sunday (0) to Saturday (6). */
export const LocationHours = z.object({
  slug: z.string(),
  name: z.string(),
  hours: z.partialRecord(z.enum(HOURS_TYPES), z.array(DayHours)),
});
export type LocationHours = z.output<typeof LocationHours>;

/** `GET /_admin/tenants/:tenant/settings` and every change's answer: the tenant as it is now. */
export const TenantSettings = z.object({
  tenant: z.string(),
  revision: z.number().int(),
  updatedAt: Timestamp,
  updatedBy: z.string(),
  /** The configuration with every default filled in, as the site reads it. */
  config: z.looseObject({ slug: z.string(), name: z.string() }),
  locations: z.array(LocationHours),
});
export type TenantSettings = z.output<typeof TenantSettings>;

/** `PUT /_admin/tenants/:tenant/settings/:section`: the section's keys, and the revision the form was loaded at. */
export const SectionChange = z
  .object({
    revision: z.number().int(),
    value: z.record(z.string(), z.unknown()),
    /** Validate and answer what the site would read, without saving: the editor's preview. */
    preview: z.boolean().optional(),
  })
  .strict();
export type SectionChange = z.output<typeof SectionChange>;

/** `PUT /_admin/tenants/:tenant/hours/:location`: one department's week. */
export const HoursChange = z
  .object({
    revision: z.number().int(),
    type: z.enum(HOURS_TYPES),
    days: z.array(DayHours).length(7),
  })
  .strict()
  .refine((change) => new Set(change.days.map((day) => day.weekday)).size === 7, {
    message: 'must name each weekday once',
    path: ['days'],
  });
export type HoursChange = z.output<typeof HoursChange>;

/** `POST /_admin/tenants` (201) and `PUT /_admin/tenants/:tenant` (operators): a whole configuration. */
export const TenantBody = z.object({ config: z.record(z.string(), z.unknown()) }).strict();
export type TenantBody = z.output<typeof TenantBody>;

/** `GET /_admin/tenant-configs` (operators): every tenant's configuration as written, the import and export format. */
export const TenantConfigs = z.object({
  tenants: z.array(
    z.object({ slug: z.string(), revision: z.number().int(), config: z.record(z.string(), z.unknown()) }),
  ),
});
export type TenantConfigs = z.output<typeof TenantConfigs>;

/** A refused configuration (400): every problem, each by its field's path. */
export const TenantProblems = z.object({
  error: z.string(),
  field: z.string(),
  problems: z.array(z.object({ field: z.string(), reason: z.string() })),
});
export type TenantProblems = z.output<typeof TenantProblems>;
