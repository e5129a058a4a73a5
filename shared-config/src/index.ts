/**
 * shared-config: the one module every team shares (a Module Federation singleton). Keep it
 * small: contracts, the page's store, typed channels, and tiny helpers. Domain logic belongs to
 * the team that owns it.
 */
export * from './teams';
export * from './tenant/schema';
export * from './runtime/manifest';
export * from './runtime/routes';
export * from './runtime/store';
export * from './runtime/react';
export * from './runtime/events';
export * from './runtime/analytics';
export * from './runtime/paths';
export * from './runtime/remote-fragment';
export * from './runtime/define-app';
export * from './format';
