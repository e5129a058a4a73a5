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

function boundary(team) {
  // Everyone may use shared-config; shared-config itself may use nobody.
  const forbidden = ALL.filter((other) => other !== team && (team === 'shared-config' || other !== 'shared-config'));
  return {
    files: [`${team}/**/*.{ts,tsx,js,mjs,cjs}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
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
                    message: "Import the router from '@forecourt/shared-config/router': sharing the whole package costs every page about 40 KB it does not use.",
                  },
                ]),
          ],
        },
      ],
    },
  };
}

module.exports = tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-*/**', '**/.data/**', '**/test-results/**', '**/playwright-report/**'],
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
    files: ['**/*.test.{ts,tsx}', 'e2e/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
  ...TEAMS.map((team) => boundary(team)),
  // shared-config is everybody's dependency and depends on nobody in the repo.
  boundary('shared-config'),
  // infra mounts the teams' server plugins (only those: their UI is not infra's business).
  {
    files: ['infra/**/*.{ts,tsx,js,mjs,cjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...TEAMS.flatMap((t) => [`**/${t}/src/**`, `@forecourt/${t}`, `@forecourt/${t}/src/**`]), '**/e2e/**'],
              message: 'infra may import only a team\'s server plugin (mf-*/server), never its UI.',
            },
          ],
        },
      ],
    },
  },
);
