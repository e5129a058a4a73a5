/**
 * The import graph's rules (`npm run deps`), on top of lint: lint reads one import at a time, so
 * it cannot see a cycle, and it judges the text of an import, while these rules judge the file the
 * import resolves to, whichever way it is written (relative, `../../..`, `@forecourt/<package>/...`).
 *
 * The team boundaries are not written twice: they are read from eslint.config.js, so lint and
 * this check always agree on who may import whom. infra/src/platform/import-graph.test.ts proves
 * each rule fires.
 */
const path = require('node:path');
const eslintConfig = require('./eslint.config.js');
const { workspaces } = require('./package.json');

/** Each workspace's folder by its package name: `@forecourt/admin-contract` is infra/admin-contract. */
const folderOf = new Map(workspaces.map((folder) => [require(`./${folder}/package.json`).name, folder]));

/**
 * An eslint import pattern as a path from the repo root, or null for one that names no
 * workspace: `**\/mf-search/**` is mf-search/**, `@forecourt/<package>/x` the package's folder
 * and x, and `@forecourt/<package>` alone the package's entry (its exports' '.') when it has one:
 * the module an import of the package by name resolves to.
 */
function workspacePath(pattern) {
  const bare = pattern.replace(/^!/, '');
  const named = /^(@forecourt\/[^/]+)(\/.*)?$/.exec(bare);
  if (named) {
    const folder = folderOf.get(named[1]);
    if (folder === undefined) return null;
    if (named[2]) return folder + named[2];
    const entry = require(`./${folder}/package.json`).exports?.['.'];
    return typeof entry === 'string' ? path.posix.join(folder, entry) : folder;
  }
  const target = bare.replace(/^\*\*\//, '');
  return workspaces.includes(target.split('/')[0]) ? target : null;
}

const escape = (text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');

/**
 * Eslint import patterns as regular expressions on the path an import resolves to (from the repo
 * root); a pattern that names no workspace (react-router) is no path. Lint reads
 * `**\/mf-search/**` and `@forecourt/mf-search/**` as "anything in mf-search", and `**\/mf-search`,
 * `@forecourt/mf-search` or `**\/mf-vehicle/src/contract` as that one module. Two expressions at
 * most, as dependency-cruiser refuses a long alternation of them as unsafe.
 */
function patternsToPaths(patterns) {
  const folders = new Set();
  const modules = new Set();
  for (const pattern of patterns) {
    const target = workspacePath(pattern);
    if (target === null) continue;
    if (target.endsWith('/**')) folders.add(escape(target.slice(0, -3)));
    else modules.add(escape(target));
  }
  return [
    ...(folders.size > 0 ? [`^(?:${[...folders].join('|')})/`] : []),
    ...(modules.size > 0 ? [`^(?:${[...modules].join('|')})(?:|\\.[a-z]+|/index\\.[a-z]+)$`] : []),
  ];
}

/** A glob of eslint's `ignores` (`**\/dist-*\/**`) as a regular expression on a path. */
const ignoreToPath = (glob) => `(^|/)${escape(glob.replace(/^\*\*\//, '').replace(/\/\*\*$/, ''))}/`;

const workspaceOf = (files) => /^([^/*]+)\/\*\*\//.exec(files?.[0] ?? '')?.[1];

/**
 * One rule per workspace lint gives a boundary, refusing and allowing the same modules. Lint sees
 * the text of an import, these rules the file it resolves to: `../../mf-vehicle/server` and
 * `@forecourt/mf-vehicle/server` are one thing here.
 */
const boundaries = new Map();
for (const entry of eslintConfig) {
  const workspace = workspaceOf(entry.files);
  const setting = entry.rules?.['no-restricted-imports'];
  // As in a flat config, a later entry's setting for a workspace replaces an earlier one.
  if (workspace && setting) boundaries.set(workspace, setting);
}
const boundaryRules = [...boundaries].flatMap(([workspace, setting]) => {
  // A pattern by regular expression judges an import's text only: lint alone applies it.
  const groups = setting[1].patterns.flatMap((p) => p.group ?? []);
  const refused = patternsToPaths(groups.filter((g) => !g.startsWith('!')));
  const allowed = patternsToPaths(groups.filter((g) => g.startsWith('!')));
  if (refused.length === 0) return [];
  return [
    {
      name: 'team-boundary',
      comment: `${workspace} imports across a team boundary (eslint.config.js says what it may import; see docs/architecture.md)`,
      severity: 'error',
      from: { path: `^${workspace}/` },
      to: { path: refused, ...(allowed.length > 0 ? { pathNot: allowed } : {}) },
    },
  ];
});

/** What lint leaves out: dependencies, builds, data, and test fixtures (such as this check's own). */
const ignored = eslintConfig
  .filter((entry) => entry.ignores && !entry.files)
  .flatMap((entry) => entry.ignores.map(ignoreToPath));

/** The code that reaches browser builds: teams', the shell's and the operator console's src/, shared-config's src/ but its server kit and test kit. */
const BROWSER_CODE = '^((shell|mf-[a-z]+|console)/src/|shared-config/src/(?!server/|testing/))';
/** Packages only the server runs (with their scoped families). */
const SERVER_PACKAGES =
  'node_modules/(fastify|fastify-plugin|@fastify/[^/]+|pino|pg|kysely|ioredis|@aws-sdk/[^/]+|@electric-sql/pglite|piscina|pdfkit|playwright-core)/';

/** Every workspace's files; a library installed under a workspace's node_modules is not one. */
const WORKSPACE_CODE = `^(?!.*(^|/)node_modules/)(${[...new Set(workspaces.map((folder) => folder.split('/')[0]))].join('|')})/`;
/** Tests, their fixtures and jest's setup files: they may use any kit. */
const TEST_CODE = '(\\.test\\.tsx?$|(^|/)(__fixtures__|testing)/|(^|/)jest[.-][^/]*$|^infra/test-kit/)';
/** The test kits: infra's (infra/test-kit) and every workspace's testing/ folder. */
const TEST_KIT = `^infra/test-kit/|${WORKSPACE_CODE}.*testing/`;
/** The tools: infra's (infra/tools: the drills, the cluster, the fuzz), its benchmarks and scripts, and the journeys. */
const TOOL_CODE = '^(infra/(tools|bench|scripts)/|e2e/)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'A cycle makes load order matter and every module in it change together; type-only imports count, as they tie the code as tightly',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'src-not-server',
      comment:
        "A team's src/ is browser code and must not import its server/ (the server half may import src). Shared types go in src/contract.ts",
      severity: 'error',
      from: { path: '^([^/]+)/src/' },
      to: { path: '^$1/server/' },
    },
    {
      name: 'browser-not-server-packages',
      comment:
        "Browser code (a team's src/, shared-config's src/ but its server/ and testing/) must not import a server package: it would end up in every page's download, or break the build. Server code lives in the team's server/ and shared-config/src/server/",
      severity: 'error',
      from: { path: BROWSER_CODE, pathNot: '\\.test\\.tsx?$' },
      to: { path: SERVER_PACKAGES },
    },
    {
      name: 'browser-not-server-kit',
      comment:
        "Browser code must not import shared-config's server kit (shared-config/src/server/): it is Node only, and imports fastify",
      severity: 'error',
      from: { path: BROWSER_CODE, pathNot: '\\.test\\.tsx?$' },
      to: { path: '^shared-config/src/server/' },
    },
    ...boundaryRules,
    {
      name: 'admin-contract-only-zod',
      comment:
        "The admin API's contract (infra/admin-contract) is read by the browser (the console) and the server alike: it imports zod and its own files, nothing of the repo's and no Node module",
      severity: 'error',
      from: { path: '^infra/admin-contract/' },
      to: { pathNot: ['^infra/admin-contract/', '(^|/)node_modules/zod/'] },
    },
    // The layers of the platform's Node code, lowest first (docs/architecture.md, Infra's packages).
    {
      name: 'runtime-imports-no-workspace',
      comment:
        'infra/runtime is the lowest layer (worker scripts, well-formed text, client addresses): every infra package may import it, so it imports none of them',
      severity: 'error',
      from: { path: '^infra/runtime/' },
      to: { path: WORKSPACE_CODE, pathNot: '^infra/runtime/' },
    },
    {
      name: 'engine-imports-nothing-of-ours',
      comment:
        'The search engine (infra/search-engine/src/engine) is plain data structures and algorithms: it imports its own files and the runtime layer, no server, database or framework of ours',
      severity: 'error',
      from: { path: '^infra/search-engine/src/engine/' },
      to: { path: WORKSPACE_CODE, pathNot: '^infra/(search-engine/src/engine|runtime)/' },
    },
    {
      name: 'search-engine-below-the-platform',
      comment:
        "The search engine's package (engine and its HTTP layer) sits below the platform: it imports the runtime layer and shared-config's server kit, never the server, the database or a team",
      severity: 'error',
      from: { path: '^infra/search-engine/' },
      to: { path: WORKSPACE_CODE, pathNot: '^(infra/(search-engine|runtime)/|shared-config/src/server/)' },
    },
    {
      name: 'data-layer-below-the-platform',
      comment:
        "The data layer (infra/data) imports the runtime layer, the admin API's contract, shared-config and a team's contract, never the server, the stock-in code, the demo data or a tool",
      severity: 'error',
      from: { path: '^infra/data/', pathNot: TEST_CODE },
      to: {
        path: WORKSPACE_CODE,
        pathNot: '^(infra/(data|runtime|admin-contract)/|shared-config/src/|mf-[a-z]+/src/contract\\.ts$)',
      },
    },
    {
      name: 'stock-in-over-the-data-layer',
      comment:
        "Stock in (infra/stock-in) imports the data layer, the runtime layer, the admin API's contract and shared-config, never the server or the demo data",
      severity: 'error',
      from: { path: '^infra/stock-in/', pathNot: TEST_CODE },
      to: { path: WORKSPACE_CODE, pathNot: '^(infra/(stock-in|data|runtime|admin-contract)/|shared-config/src/)' },
    },
    {
      name: 'config-below-the-platform',
      comment:
        "The configuration (infra/config) imports the runtime layer, the search engine's filter parser and shared-config, never the data layer, the server or a tool",
      severity: 'error',
      from: { path: '^infra/config/', pathNot: TEST_CODE },
      to: {
        path: WORKSPACE_CODE,
        pathNot: '^(infra/(config|runtime)/|infra/search-engine/src/engine/|shared-config/src/)',
      },
    },
    {
      name: 'partners-below-the-server',
      comment:
        "The partners' adapters (infra/partners) import the configuration, the data layer, shared-config and the ports the teams define, never the server or a tool",
      severity: 'error',
      from: { path: '^infra/partners/', pathNot: TEST_CODE },
      to: {
        path: WORKSPACE_CODE,
        pathNot:
          '^(infra/(partners|config|data|runtime)/|infra/search-engine/src/engine/|shared-config/src/|mf-[a-z]+/(server/|src/contract\\.ts$))',
      },
    },
    {
      name: 'releases-below-the-server',
      comment:
        'Release management (infra/releases) imports the configuration, the data layer and shared-config, never the server, the demo data or a tool',
      severity: 'error',
      from: { path: '^infra/releases/', pathNot: TEST_CODE },
      to: {
        path: WORKSPACE_CODE,
        pathNot: '^(infra/(releases|config|data|runtime)/|infra/search-engine/src/engine/|shared-config/src/)',
      },
    },
    {
      name: 'search-service-below-the-server',
      comment:
        'The search service (infra/search-service) imports the search engine, the data layer, the configuration, the runtime layer and shared-config, never the server, the demo data or a tool',
      severity: 'error',
      from: { path: '^infra/search-service/', pathNot: TEST_CODE },
      to: {
        path: WORKSPACE_CODE,
        pathNot: '^(infra/(search-service|search-engine|config|data|runtime)/|shared-config/src/)',
      },
    },
    {
      name: 'demo-data-below-the-server',
      comment:
        'The demo data (infra/demo-data) imports stock in, the data layer, the configuration and shared-config, never the server or a tool',
      severity: 'error',
      from: { path: '^infra/demo-data/', pathNot: TEST_CODE },
      to: {
        path: WORKSPACE_CODE,
        pathNot: '^(infra/(demo-data|stock-in|data|config|runtime|admin-contract)/|shared-config/src/)',
      },
    },
    {
      name: 'domain-below-the-server',
      comment:
        "The domain services (infra/domain) import the configuration, the data layer, the partners' adapters, the admin API's contract and shared-config, never the server or a tool",
      severity: 'error',
      from: { path: '^infra/domain/', pathNot: TEST_CODE },
      to: {
        path: WORKSPACE_CODE,
        pathNot:
          '^(infra/(domain|partners|config|data|runtime|admin-contract)/|infra/search-engine/src/engine/|shared-config/src/)',
      },
    },
    {
      name: 'media-below-the-server',
      comment:
        "Media (infra/media) imports stock in, the data layer, release management's storage, the runtime layer and shared-config, never the server or a tool",
      severity: 'error',
      from: { path: '^infra/media/', pathNot: TEST_CODE },
      to: {
        path: WORKSPACE_CODE,
        pathNot:
          '^(infra/(media|stock-in|releases|config|data|runtime|admin-contract)/|infra/search-engine/src/engine/|shared-config/src/)',
      },
    },
    {
      name: 'pages-below-the-server',
      comment:
        "Shopper pages (infra/pages) import release management, the search service's records, the data layer, the configuration, the runtime layer, shared-config and the teams' server halves and contracts, never the server's routes and plugins or a tool",
      severity: 'error',
      from: { path: '^infra/pages/', pathNot: TEST_CODE },
      to: {
        path: WORKSPACE_CODE,
        pathNot:
          '^(infra/(pages|releases|search-service|search-engine|stock-in|data|config|runtime|admin-contract)/|shared-config/src/|shell/server/|mf-[a-z]+/(server/|src/contract))',
      },
    },
    {
      name: 'nothing-imports-the-cli',
      comment:
        'The CLI (infra/cli) is the top of the platform: it starts the server and drives the admin API, and no product code imports it (a tool may: the cluster and the drills prepare a site as npm start does)',
      severity: 'error',
      from: { path: WORKSPACE_CODE, pathNot: [TEST_CODE, TOOL_CODE, '^infra/cli/'] },
      to: { path: '^infra/cli/' },
    },
    {
      name: 'product-not-tools',
      comment:
        'Product code (what the server, the CLI and the pages run) imports no test kit and no tool: the test kits (testing/ folders), the drills, the cluster, the fuzz, the benchmarks, the scripts and e2e are for tests and operators',
      severity: 'error',
      from: { path: WORKSPACE_CODE, pathNot: [TEST_CODE, TOOL_CODE] },
      to: { path: [TEST_KIT, TOOL_CODE], pathNot: '@testing-library/' },
    },
    {
      name: 'resolvable',
      comment: 'An import the check cannot resolve to a file escapes every rule above',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // node_modules is not excluded (lint's ignores name it): an import of a package must stay in
    // the graph for browser-not-server-packages to see it; doNotFollow keeps its insides out.
    exclude: { path: ignored.filter((pattern) => !pattern.includes('node_modules')) },
    doNotFollow: { path: ['(^|/)node_modules/'] },
    // Type-only imports are dependencies too: the types flowing from server into browser code are
    // what src-not-server is about.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    // @forecourt/shared-config/<entry> resolves through the workspace link and its package
    // exports, as in the bundler and in TypeScript.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
