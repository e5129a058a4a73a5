/**
 * The admin API's contract (`/_admin/*`): each route's request body or query and its answer, as
 * zod schemas describing the JSON. The server types its answers with them, and the console, the
 * CLI and the drills parse every answer with them, so a route that changes its answer without
 * the contract fails to compile, and its contract test fails (infra/server/src/admin-contract.test.ts).
 * Browser-safe: it imports zod and nothing else.
 */
export * from './common';
export * from './pins';
export * from './health';
export * from './operations';
export * from './operators';
export * from './session';
export * from './publishes';
export * from './stock';
export * from './tenants';
