/**
 * shared-config: the one module every team shares (a Module Federation singleton). Keep it
 * small: contracts, the page's store, typed channels, and tiny helpers. Domain logic belongs to
 * the team that owns it.
 */
export * from './teams';
// The tenant and manifest schemas (full zod) are for the server and tests: import them from
// '@forecourt/shared-config/tenant' and '/manifest'. Pages get their types only. What pages check
// of the API's answers is written with `zm`, zod's small build, which this package carries once
// per page (runtime/api-schema.ts).
export type { PublicTenantConfig, TenantConfig, TenantConfigInput, TenantConfigProblem } from './tenant/schema';
export type { BootData, RemoteManifestEntry, SearchAccess } from './runtime/manifest';
export * from './runtime/boot';
export * from './runtime/routes';
export * from './runtime/store';
export * from './runtime/react';
export * from './runtime/events';
export * from './runtime/analytics';
export * from './runtime/pixel';
export * from './runtime/paths';
export * from './runtime/failures';
export * from './runtime/near-window';
export * from './runtime/remote-fragment';
export * from './runtime/define-app';
export * from './runtime/app-frame';
export * from './runtime/first-paint';
export * from './runtime/saved-cars';
export * from './runtime/session';
export * from './runtime/api';
export * as zm from './runtime/api-schema';
export * from './runtime/session-answers';
export * from './format';
export * from './price';
export * from './media';
// The sign-in rules and texts ('./identity') and the delivery texts ('./delivery') are imported
// by their subpaths, by the teams that use them, so every page does not carry them.
export * from './stock-rules';
export * from './gated-routes';
export * from './badges';
export * from './ui/tokens';
export * from './ui/fragment-card';
export * from './ui/brand-grid';
export * from './ui/price-tag';
export * from './ui/badge-tag';
export * from './ui/visually-hidden';
export * from './ui/breakpoints';
export * from './ui/slider-styles';
export * from './finance-eligibility';
export * from './lender-facts';
export * from './hours-schema';
