import fs from 'node:fs';
import path from 'node:path';
import { FAVOURITE_ADDED_EVENT, PIXEL_EVENTS } from '@forecourt/shared-config';
import { PLATFORM_EVENT } from '@forecourt/shared-config/failures';
import { HELP } from '@forecourt/cli/main';
import { CONFIG_SCHEMA } from '@forecourt/config/schema';
import { migrationProvider } from '@forecourt/data/migrations';
import { demoBuildTargets } from '@forecourt/releases/builds/builds';
import { REPO_ROOT } from '@forecourt/config/paths';
import {
  cliCommandTable,
  cliExamples,
  configNameClaims,
  eventClaims,
  freshClonePublished,
  isPlaceholder,
  lockedVersions,
  migrationClaims,
  readDocs,
  scriptExamples,
  toolchainPins,
  versionClaims,
  workspaceScripts,
  type DocFile,
} from './docs-facts';

/**
 * The docs hold against the code on a fresh clone. Each failure names the doc, the line and the
 * fact that is wrong; fix the doc (or the code, if the doc is what was meant).
 */
const docs = readDocs(REPO_ROOT);
const doc = (text: string): DocFile => ({ file: 'x.md', text });

describe('the docs', () => {
  it('run only CLI commands, subcommands and options that the CLI has', () => {
    const table = cliCommandTable(HELP);
    const examples = docs.flatMap(cliExamples);
    const wrong = examples.flatMap(({ file, line, example, command, args }) => {
      const known = table.get(command);
      if (!known)
        return [
          `${file}:${line}: \`forecourt ${example}\`: the CLI has no command '${command}' (npm run forecourt -- help lists ${[...table.keys()].join(', ')})`,
        ];
      const problems: string[] = [];
      const sub = args[0];
      if (known.subcommands && sub && !isPlaceholder(sub) && !sub.startsWith('-') && !known.subcommands.has(sub)) {
        problems.push(
          `${file}:${line}: \`forecourt ${example}\`: '${command}' has no subcommand '${sub}' (it has ${[...known.subcommands].join(', ')})`,
        );
      }
      for (const [, option] of example.matchAll(/(?:^|[\s[])(--[a-z][a-z-]*)/g)) {
        if (
          !known.text.includes(`${option} `) &&
          !known.text.includes(`${option}]`) &&
          !known.text.includes(`${option}\n`)
        ) {
          problems.push(`${file}:${line}: \`forecourt ${example}\`: '${command}' takes no option ${option}`);
        }
      }
      return problems;
    });
    expect(examples.length).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
  });

  it('run only npm scripts that the root or the named workspace has', () => {
    const workspaces = workspaceScripts(REPO_ROOT);
    const examples = docs.flatMap(scriptExamples);
    const wrong = examples.flatMap(({ file, line, example, script, workspace }) => {
      if (workspace === null) {
        return workspaces[0]?.scripts.has(script)
          ? []
          : [`${file}:${line}: \`${example}\`: the root package.json has no script '${script}'`];
      }
      // A placeholder workspace (`-w <team>`): some workspace must have the script.
      const candidates = workspace.includes('<')
        ? workspaces.slice(1)
        : workspaces.filter((w) => w.name === workspace || w.folder === workspace);
      if (candidates.length === 0) return [`${file}:${line}: \`${example}\`: no workspace '${workspace}'`];
      return candidates.some((w) => w.scripts.has(script))
        ? []
        : [`${file}:${line}: \`${example}\`: ${workspace} has no script '${script}'`];
    });
    expect(examples.length).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
  });

  it('pin, canary and name as running only versions a fresh clone publishes', () => {
    const published = freshClonePublished(demoBuildTargets(REPO_ROOT));
    const claims = docs.flatMap(versionClaims);
    const wrong = claims.flatMap(({ file, line, claim, team, version }) => {
      const versions = published.get(team);
      if (!versions) return [`${file}:${line}: "${claim}": '${team}' is not a team that publishes builds`];
      if (versions.includes(version)) return [];
      return [
        `${file}:${line}: "${claim}": ${team} ${version} is not published on a fresh clone (published: ${versions.join(', ')}); write <version> and point to npm run forecourt -- list`,
      ];
    });
    expect(claims.length).toBeGreaterThan(2);
    expect(wrong).toEqual([]);
  });

  it('name only event ids the code declares, and platform events from its own range', () => {
    const platform = new Set<number>(Object.values(PLATFORM_EVENT));
    const declared = new Set<number>([...platform, FAVOURITE_ADDED_EVENT, ...Object.values(PIXEL_EVENTS)]);
    const claims = docs.flatMap(eventClaims);
    const wrong = claims.flatMap(({ file, line, claim, id, platform: isPlatform }) => {
      if (isPlatform && !platform.has(id))
        return [
          `${file}:${line}: "${claim}": ${id} is not a platform event (PLATFORM_EVENT in shared-config's failures: ${[...platform].join(', ')})`,
        ];
      if (!declared.has(id)) return [`${file}:${line}: "${claim}": no event ${id} is declared in shared-config`];
      return [];
    });
    expect(claims.length).toBeGreaterThan(5);
    expect(wrong).toEqual([]);
  });

  it('name only migrations that exist', async () => {
    const numbers = new Set(Object.keys(await migrationProvider.getMigrations()).map((name) => name.slice(0, 4)));
    const claims = docs.flatMap(migrationClaims);
    const wrong = claims
      .filter((c) => !numbers.has(c.number))
      .map(
        ({ file, line, claim, number }) =>
          `${file}:${line}: "${claim}": there is no migration ${number} (infra/data/src/migrations/index.ts)`,
      );
    expect(claims.length).toBeGreaterThan(3);
    expect(wrong).toEqual([]);
  });

  it("state the toolchain's versions as package-lock.json has them", () => {
    const locked = lockedVersions(REPO_ROOT);
    const toolchain = docs.find((d) => d.file === 'docs/toolchain.md');
    const pins = toolchain ? toolchainPins(toolchain) : [];
    const wrong = pins.flatMap(({ file, line, claim, name, version }) => {
      const versions = locked.get(name);
      if (!versions) return [`${file}:${line}: "${claim}": ${name} is not in package-lock.json`];
      return versions.has(version)
        ? []
        : [`${file}:${line}: "${claim}": package-lock.json has ${name} ${[...versions].join(' or ')}, not ${version}`];
    });
    expect(pins.length).toBeGreaterThan(30);
    expect(wrong).toEqual([]);
  });

  it('name only FORECOURT_ variables the configuration schema or the build factory reads', () => {
    const names = new Set<string>();
    for (const [name, spec] of Object.entries(CONFIG_SCHEMA)) {
      names.add(name);
      // A secret may come from the file NAME_FILE names (infra/config/src/schema.ts).
      if ('secret' in spec && spec.secret) names.add(`${name}_FILE`);
    }
    // The build's own switches (FORECOURT_BUILD_VERSION, FORECOURT_OUT_DIR, ...) are webpack's, not the server's.
    const factory = fs.readFileSync(path.join(REPO_ROOT, 'shared-config', 'build', 'federated-webpack.js'), 'utf8');
    for (const [, name] of factory.matchAll(/process\.env\.(FORECOURT_[A-Z0-9_]+)/g)) if (name) names.add(name);
    const claims = docs.flatMap(configNameClaims);
    const wrong = claims
      .filter(({ name }) =>
        name.endsWith('_*') ? ![...names].some((n) => n.startsWith(name.slice(0, -1))) : !names.has(name),
      )
      .map(
        ({ file, line, name }) =>
          `${file}:${line}: ${name} is not in the configuration schema (infra/config/src/schema.ts) nor read by the build factory`,
      );
    expect(claims.length).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
  });
});

describe('reading facts from a doc', () => {
  it('finds CLI examples in fenced blocks and code spans, up to a comment', () => {
    const text =
      "Run `npm run forecourt -- list` first.\n\n```sh\nnpm run forecourt -- pin '*' mf-search 1.2.3   # the default\n```\n";
    expect(
      cliExamples(doc(text)).map(({ line, command, args, comment }) => ({
        line,
        command,
        args,
        comment: comment.trim(),
      })),
    ).toEqual([
      { line: 1, command: 'list', args: [], comment: '' },
      { line: 4, command: 'pin', args: ["'*'", 'mf-search', '1.2.3'], comment: '# the default' },
    ]);
  });

  it('reads a command table with subcommands from help text', () => {
    const table = cliCommandTable(
      'CLI\n\n  migrate            apply migrations\n  list [tenant]      lists\n  feeds list [t]     feeds\n  feeds set <t> --url <u>\n                     pulls --every <m>\n  operators [list]\n  operators me\n',
    );
    expect(table.get('migrate')?.subcommands).toBeNull();
    expect(table.get('list')?.subcommands).toBeNull();
    expect([...(table.get('feeds')?.subcommands ?? [])]).toEqual(['list', 'set']);
    expect([...(table.get('operators')?.subcommands ?? [])]).toEqual(['me', 'list']);
    expect(table.get('feeds')?.text).toContain('--every');
  });

  it('finds npm scripts with the workspace they name, before or after the script', () => {
    const text =
      'Use `npm run build -w @forecourt/mf-search`, then npm start; `npm run --silent deps` and `npm test -w @forecourt/<team>`.';
    expect(scriptExamples(doc(text)).map(({ script, workspace }) => [script, workspace])).toEqual([
      ['build', '@forecourt/mf-search'],
      ['start', null],
      ['deps', null],
      ['test', '@forecourt/<team>'],
    ]);
  });

  it('finds the versions of pin, canary and promote examples, and of tenants said to run one', () => {
    const text = [
      '```sh',
      'npm run forecourt -- canary harbourside-motors mf-search 1.2.0 10   # 10% get 1.2.0',
      'npm run forecourt -- pin harbourside-motors mf-search <version>',
      '```',
      '',
      'Redgum is pinned to mf-search **1.0.0** while the others',
      'run **1.1.0**; the shell runs 2.0.0 in 3 s.',
    ].join('\n');
    expect(versionClaims(doc(text)).map(({ line, team, version }) => [line, team, version])).toEqual([
      [2, 'mf-search', '1.2.0'],
      [6, 'mf-search', '1.0.0'],
      [7, 'mf-search', '1.1.0'],
      [7, 'shell', '2.0.0'],
    ]);
  });

  it('finds event ids of 1000 and up, and whether they are called the platform’s', () => {
    const text = 'A clean mount is platform\nevent **9001**; events 9002 and 9003 count; analytics event 25 does not.';
    expect(eventClaims(doc(text)).map(({ line, id, platform }) => [line, id, platform])).toEqual([
      [1, 9001, true],
      [2, 9002, false],
      [2, 9003, false],
    ]);
  });

  it('reads the toolchain table, names that share a version each on their own', () => {
    const text =
      "| area | versions |\n|---|---|\n| build | **webpack 5.111.1 exactly**, react / react-dom 19.3.1, Debian's `chromium` package |\n";
    expect(toolchainPins(doc(text)).map(({ line, name, version }) => [line, name, version])).toEqual([
      [3, 'webpack', '5.111.1'],
      [3, 'react', '19.3.1'],
      [3, 'react-dom', '19.3.1'],
    ]);
  });

  it('finds FORECOURT_ names and name families', () => {
    expect(configNameClaims(doc('Set FORECOURT_DATA_DIR or `FORECOURT_BUILDS_*`.')).map((c) => c.name)).toEqual([
      'FORECOURT_DATA_DIR',
      'FORECOURT_BUILDS_*',
    ]);
  });
});
