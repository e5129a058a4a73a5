/**
 * Lint for the whole repo. Besides code hygiene it enforces the team boundaries of
 * docs/architecture.md: a team imports only its own files, shared-config, and libraries.
 * Other teams' UI comes through Module Federation (RemoteFragment), never an import; infra
 * mounts each team's server plugin and no team imports infra.
 */
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const globals = require('globals');

const TEAMS = ['shell', 'mf-search', 'mf-vehicle', 'mf-finance', 'mf-leads', 'mf-locations'];
const ALL = [...TEAMS, 'infra', 'e2e', 'shared-config'];

/** Import patterns that reach into another workspace, by folder or by package name. */
function foreign(name) {
  return [`**/${name}/**`, `**/${name}`, `@forecourt/${name}`, `@forecourt/${name}/**`];
}

/**
 * In a team's browser code (`src`): the kit's formatting helpers come from the package's root, the
 * page's one shared copy. The '/format' subpath is not shared, so a build that imports it carries
 * its own copy (with the design tokens). A team's server half may import the subpath.
 */
const BROWSER_ONLY = [
  {
    group: ['@forecourt/shared-config/format'],
    message:
      "Import the formatting helpers from '@forecourt/shared-config', the page's shared copy: the '/format' subpath is not shared, so each build that imports it carries a copy of it and the design tokens (about 1 KB a page).",
  },
];

function boundary(team, browser = false) {
  // Everyone may use shared-config; shared-config itself may use nobody.
  const forbidden = ALL.filter((other) => other !== team && (team === 'shared-config' || other !== 'shared-config'));
  return {
    files: browser ? [`${team}/src/**/*.{ts,tsx,js,mjs,cjs}`] : [`${team}/**/*.{ts,tsx,js,mjs,cjs}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...(browser ? BROWSER_ONLY : []),
            {
              group: forbidden.flatMap(foreign),
              message:
                'Import across a team boundary. Use shared-config, an exposed module through RemoteFragment, or a URL (see docs/architecture.md).',
            },
            ...(team === 'shared-config'
              ? []
              : [
                  {
                    group: ['react-router', 'react-router/**', 'react-router-dom'],
                    message:
                      "Import the router from '@forecourt/shared-config/router': sharing the whole package costs every page about 40 KB it does not use.",
                  },
                ]),
          ],
        },
      ],
    },
  };
}

/**
 * Component styles take colours only from the design tokens (shared-config/src/ui/tokens.ts) or
 * the tenant's theme, so the platform's look changes in one place and no team drifts from it.
 * A lint rule rather than a test that scans the source: it reads the syntax tree, so a colour
 * named in a comment, or a colour word that is not a style's value (a badge's 'green' tone), is
 * not a hit; each hit names its file, line and column in `npm run lint` and in the editor as it
 * is typed; and a deliberate exception is an eslint-disable comment on its line, with its
 * reason, where a reviewer sees it.
 * no-restricted-syntax is set only here: a later config object setting it for these files would
 * replace these selectors, not add to them.
 */
const HEX = String.raw`#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})(?![\w-])`;
const COLOUR_FUNCTION = String.raw`\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(`;
const NAMED = String.raw`\b(?:white|black|red|green|blue|yellow|orange|purple|pink|gr[ae]y|silver|navy|maroon|teal|olive|lime|aqua|fuchsia|brown|gold)\b(?![\w-])`;
const STYLE_KEY = String.raw`^(?:color|background(?:Color)?|border\w*|outline\w*|fill|stroke|stopColor|floodColor|lightingColor|caret\w*|accentColor|columnRule\w*|textDecoration\w*|\w*[sS]hadow)$`;
const COLOUR_MESSAGE =
  "A colour literal in a component style. Use a token from '@forecourt/shared-config' (SURFACE, DANGER, WARNING, SUCCESS, STATIC_MAP, RATING; alpha() for a translucent one) or the tenant's theme; a colour the tokens lack is added to shared-config/src/ui/tokens.ts.";
const colourTokens = {
  files: ['shell/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}', 'shared-config/src/**/*.{ts,tsx}'],
  // The tokens themselves, the tenant schema (its colour rule and example) and the test wrapper's tenant are data.
  ignores: [
    '**/*.test.{ts,tsx}',
    'shared-config/src/ui/tokens.ts',
    'shared-config/src/tenant/**',
    'shared-config/src/testing/**',
  ],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: `Literal[value=/${HEX}|${COLOUR_FUNCTION}/]`, message: COLOUR_MESSAGE },
      // css`` blocks and other template text: a hex or colour function anywhere, a colour name as a declaration's value.
      { selector: `TemplateElement[value.raw=/${HEX}|${COLOUR_FUNCTION}|:[^;{}]*${NAMED}/]`, message: COLOUR_MESSAGE },
      // Object styles and SVG attributes: a colour name only under a style key ('green' is also a badge's tone,
      // and a car's paint is data under `colour`).
      { selector: `Property[key.name=/${STYLE_KEY}/] > Literal[value=/${NAMED}/i]`, message: COLOUR_MESSAGE },
      { selector: `JSXAttribute[name.name=/${STYLE_KEY}/] > Literal[value=/${NAMED}/i]`, message: COLOUR_MESSAGE },
    ],
  },
};

/**
 * The operator console (console/) is a site of its own: it imports libraries and, where useful,
 * shared-config's kits that belong to no team, never a team's code, infra or the journeys. The one
 * exception is the admin API's contract, by its package name (`@forecourt/admin-contract`, in
 * infra/admin-contract): the schemas the server types its answers with and the console parses
 * them with. A path into its folder is refused like any other into infra. It is not composed
 * into a dealer's page, so the router slice does not apply: it uses react-router itself.
 */
const consoleBoundary = {
  files: ['console/**/*.{ts,tsx,js,mjs,cjs}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [...[...TEAMS, 'infra', 'e2e'].flatMap(foreign), '!@forecourt/admin-contract'],
            message:
              "The operator console imports no team, infra or e2e code: it talks to the admin API, whose answers' schemas it imports from @forecourt/admin-contract by name.",
          },
        ],
      },
    ],
  },
};

/**
 * The admin API's contract (infra/admin-contract) is read by the console in the browser and by
 * the server: it imports zod and its own files, nothing else (`npm run deps` checks the same on
 * the resolved graph, rule admin-contract-only-zod).
 */
const adminContractBoundary = {
  files: ['infra/admin-contract/**/*.{ts,tsx,js,mjs,cjs}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^(?!zod$|\\./)',
            message: "The admin API's contract imports zod and its own files only: the console runs it in the browser.",
          },
        ],
      },
    ],
  },
};

/** The console's colours come from its own tokens (console/src/theme/tokens.ts), by role. */
const consoleColourTokens = {
  files: ['console/src/**/*.{ts,tsx}'],
  ignores: ['**/*.test.{ts,tsx}', 'console/src/theme/tokens.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      ...colourTokens.rules['no-restricted-syntax'].slice(1).map((rule) => ({
        ...rule,
        message:
          "A colour literal in the console's styles. Use a role from console/src/theme/tokens.ts (COLOUR), adding one there if it lacks it.",
      })),
    ],
  },
};

/**
 * Browser code talks to the API one way: a feature's `api/` module, through shared-config's
 * helper (runtime/api.ts: apiRead, useApiRead, apiWrite), which checks each answer with a zod
 * schema, shares reads across the page's teams and turns a 401 into the page's signed-out state.
 * A `fetch` anywhere else bypasses all three, so lint refuses it outside `api/` folders, the helper
 * itself and tests or test kits (which stand in for the server). The console's own client is its
 * src/api/ module.
 */
const API_MESSAGE =
  "Call the API from the feature's api/ module, through shared-config's apiRead / useApiRead / apiWrite (they check the answer with a zod schema, share reads and handle a 401), not with fetch here.";
const apiCallsInApiModules = {
  files: [
    'mf-*/src/**/*.{ts,tsx}',
    'shell/src/**/*.{ts,tsx}',
    'shared-config/src/**/*.{ts,tsx}',
    'console/src/**/*.{ts,tsx}',
  ],
  ignores: ['**/api/**', 'shared-config/src/runtime/api.ts', '**/*.test.{ts,tsx}', '**/testing/**'],
  rules: {
    'no-restricted-globals': ['error', { name: 'fetch', message: API_MESSAGE }],
    'no-restricted-properties': [
      'error',
      { object: 'window', property: 'fetch', message: API_MESSAGE },
      { object: 'globalThis', property: 'fetch', message: API_MESSAGE },
    ],
  },
};

/**
 * A workspace is reached by its package name, never by a relative path out of one folder into
 * another (`'../../../mf-vehicle/src/contract'`): the name goes through the package's `exports`,
 * the surface its owners keep, and the path would not. No published rule knows the workspaces'
 * folders, so this one reads them from package.json (nested ones, such as infra/search-engine,
 * are workspaces of their own).
 */
const path = require('node:path');
const WORKSPACES = require('./package.json')
  .workspaces.map((folder) => ({ folder, name: require(`./${folder}/package.json`).name }))
  .sort((a, b) => b.folder.length - a.folder.length);
const workspaceOf = (file) => {
  const relative = path.relative(__dirname, file).split(path.sep).join('/');
  return WORKSPACES.find(({ folder }) => relative.startsWith(`${folder}/`));
};
const workspaceImports = {
  rules: {
    'no-relative-into-workspace': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const check = (node) => {
          const spec = node?.type === 'Literal' && typeof node.value === 'string' ? node.value : null;
          if (!spec || !spec.startsWith('.')) return;
          const from = workspaceOf(context.filename);
          const to = workspaceOf(path.resolve(path.dirname(context.filename), spec));
          if (!from || !to || from === to) return;
          context.report({
            node,
            message: `'${spec}' reaches into ${to.folder} by a relative path: import it by its package name (${to.name}/...), through what its package.json exports.`,
          });
        };
        return {
          ImportDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source),
          CallExpression: (node) => {
            if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node.arguments[0]);
          },
        };
      },
    },
  },
};

module.exports = tseslint.config(
  {
    // __fixtures__ hold test inputs, such as the import graph's deliberately broken imports.
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/__fixtures__/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    plugins: { workspace: workspaceImports },
    rules: { 'workspace/no-relative-into-workspace': 'error' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
  ...TEAMS.map((team) => boundary(team)),
  // The same boundaries again for each team's browser code, with its own extra rule (a later
  // config object's no-restricted-imports replaces an earlier one's for the files it names).
  ...TEAMS.map((team) => boundary(team, true)),
  // shared-config is everybody's dependency and depends on nobody in the repo.
  boundary('shared-config'),
  colourTokens,
  consoleBoundary,
  consoleColourTokens,
  apiCallsInApiModules,
  // infra mounts the teams' server plugins (only those: their UI is not infra's business).
  {
    files: ['infra/**/*.{ts,tsx,js,mjs,cjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                ...TEAMS.flatMap((t) => [`**/${t}/src/**`, `@forecourt/${t}/src/**`]),
                '**/e2e/**',
                // A team's contract is the exception: the types its server half and infra share.
                ...TEAMS.flatMap((t) => [`!**/${t}/src/contract`, `!@forecourt/${t}/src/contract`]),
              ],
              message:
                "infra may import only a team's server plugin (mf-*/server) and its contract (src/contract.ts), never its UI.",
            },
            {
              // By name, only what a team's package exports for infra: its plugin and its contract.
              regex: `^@forecourt/(${TEAMS.join('|')})(?!/(server|contract|routes\\.json)$)`,
              message:
                'infra imports a team by the names its package exports for it: @forecourt/<team>/server (the plugin infra mounts), @forecourt/<team>/contract (the types both share) and @forecourt/<team>/routes.json (the URLs it owns).',
            },
          ],
        },
      ],
    },
  },
  // After infra's: a later setting of the rule replaces an earlier one for the files it names.
  adminContractBoundary,
);
