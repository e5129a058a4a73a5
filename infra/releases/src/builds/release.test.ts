import fs from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '@forecourt/config/paths';
import { tempDir } from '@forecourt/test-kit/fake-build';
import {
  buildInputFiles,
  nextReleaseVersion,
  RELEASE_TEAMS,
  readRelease,
  releaseProblem,
  sourceHash,
  stampRelease,
} from './release';

/**
 * The release check: a team whose build sources changed has a new version, so `npm start` and
 * every deploy publish the new build instead of serving the old one under the same immutable
 * version. It reads only the checkout (each team's release.json), so it holds on a clean clone.
 */
describe('every team releases what its checkout builds', () => {
  it.each(RELEASE_TEAMS.map((team) => [team]))(
    '%s: release.json matches its version and build sources',
    async (team) => {
      expect(await releaseProblem(REPO_ROOT, team)).toBeNull();
    },
  );
});

let repo: string;

async function write(relative: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(path.join(repo, relative)), { recursive: true });
  await fs.writeFile(path.join(repo, relative), text);
}

/** A repository with one team and shared-config, each with build input and files that are not. */
async function fakeRepo(): Promise<void> {
  await write('package.json', JSON.stringify({ engines: { node: '>=20.19' } }));
  await write(
    'mf-leads/package.json',
    '{\n  "name": "@forecourt/mf-leads",\n  "version": "1.0.0",\n  "private": true\n}\n',
  );
  await write('mf-leads/src/app/app.tsx', 'export const app = 1;\n');
  await write('mf-leads/src/app/app.test.tsx', 'test\n');
  await write('mf-leads/src/globals.d.ts', 'declare const x: number;\n');
  await write('mf-leads/server/index.ts', 'export const server = 1;\n');
  await write('mf-leads/webpack.config.js', 'module.exports = {};\n');
  await write('mf-leads/routes.json', '["/enquiry"]\n');
  await write('mf-leads/README.md', '# leads\n');
  await write('mf-leads/dist/main.js', 'built\n');
  await write('mf-leads/dist-1.0.0/main.js', 'built\n');
  await write(
    'shared-config/package.json',
    JSON.stringify({ version: '1.0.0', exports: { '.': './src/index.ts', './server': './src/server/team-server.ts' } }),
  );
  await write('shared-config/src/index.ts', 'export const shared = 1;\n');
  await write('shared-config/src/server/team-server.ts', 'export const teamServer = 1;\n');
  await write('shared-config/src/testing/render.tsx', 'export const render = 1;\n');
  await write('shared-config/build/federated-webpack.js', 'module.exports = {};\n');
  await write('shared-config/build/jest-preset.js', 'module.exports = {};\n');
}

beforeEach(async () => {
  repo = await tempDir();
  await fakeRepo();
});
afterEach(async () => {
  await fs.rm(repo, { recursive: true, force: true });
});

describe('buildInputFiles', () => {
  it('counts the team folder but its tests, type declarations, server half, docs and builds, and the browser part of shared-config', async () => {
    expect(await buildInputFiles(repo, 'mf-leads')).toEqual([
      'mf-leads/package.json',
      'mf-leads/routes.json',
      'mf-leads/src/app/app.tsx',
      'mf-leads/webpack.config.js',
      'shared-config/build/federated-webpack.js',
      'shared-config/package.json',
      'shared-config/src/index.ts',
    ]);
  });
});

describe('sourceHash', () => {
  it('moves when a byte of the team source or of shared-config moves', async () => {
    const before = await sourceHash(repo, 'mf-leads');
    await write('mf-leads/src/app/app.tsx', 'export const app = 2;\n');
    const afterTeam = await sourceHash(repo, 'mf-leads');
    expect(afterTeam).not.toBe(before);
    await write('shared-config/src/index.ts', 'export const shared = 2;\n');
    expect(await sourceHash(repo, 'mf-leads')).not.toBe(afterTeam);
  });

  it('stays when only the version, a test, the server half or a server-only shared-config export changes', async () => {
    const before = await sourceHash(repo, 'mf-leads');
    await write(
      'mf-leads/package.json',
      '{\n  "name": "@forecourt/mf-leads",\n  "version": "1.0.1",\n  "private": true\n}\n',
    );
    await write('mf-leads/src/app/app.test.tsx', 'another test\n');
    await write('mf-leads/server/index.ts', 'export const server = 2;\n');
    await write(
      'shared-config/package.json',
      JSON.stringify({
        version: '1.0.0',
        exports: {
          '.': './src/index.ts',
          './server': './src/server/team-server.ts',
          './server/more': './src/server/more.ts',
        },
      }),
    );
    expect(await sourceHash(repo, 'mf-leads')).toBe(before);
  });

  it('is the same for the same files whatever their line endings and times', async () => {
    const before = await sourceHash(repo, 'mf-leads');
    await write('mf-leads/routes.json', '["/enquiry"]\r\n');
    const past = new Date(Date.now() - 86_400_000);
    await fs.utimes(path.join(repo, 'mf-leads', 'src', 'app', 'app.tsx'), past, past);
    expect(await sourceHash(repo, 'mf-leads')).toBe(before);
  });
});

describe('releaseProblem and stampRelease', () => {
  it('names the team and the command when sources change under a released version, and passes once stamped', async () => {
    await stampRelease(repo, 'mf-leads');
    expect(await releaseProblem(repo, 'mf-leads')).toBeNull();
    await write('mf-leads/src/app/app.tsx', 'export const app = 2;\n');
    const problem = await releaseProblem(repo, 'mf-leads');
    expect(problem).toContain('mf-leads: its build sources changed but its version is still 1.0.0');
    expect(problem).toContain('npm run release:stamp -- mf-leads');
    expect(await stampRelease(repo, 'mf-leads')).toEqual({ version: '1.0.1', changed: true, bumped: true });
    expect(await releaseProblem(repo, 'mf-leads')).toBeNull();
    expect(await fs.readFile(path.join(repo, 'mf-leads', 'package.json'), 'utf8')).toBe(
      '{\n  "name": "@forecourt/mf-leads",\n  "version": "1.0.1",\n  "private": true\n}\n',
    );
  });

  it('refuses a version bumped by hand while release.json keeps the old one', async () => {
    await stampRelease(repo, 'mf-leads');
    await write(
      'mf-leads/package.json',
      '{\n  "name": "@forecourt/mf-leads",\n  "version": "1.1.0",\n  "private": true\n}\n',
    );
    expect(await releaseProblem(repo, 'mf-leads')).toContain(
      'package.json says 1.1.0 but mf-leads/release.json records 1.0.0',
    );
    expect(await stampRelease(repo, 'mf-leads')).toEqual({ version: '1.1.0', changed: true, bumped: false });
    expect(await readRelease(repo, 'mf-leads')).toEqual({
      version: '1.1.0',
      sourceHash: await sourceHash(repo, 'mf-leads'),
    });
  });

  it('asks for a release.json a team does not have, and a stamp of an unchanged team changes nothing', async () => {
    expect(await releaseProblem(repo, 'mf-leads')).toContain('no mf-leads/release.json');
    expect(await stampRelease(repo, 'mf-leads')).toEqual({ version: '1.0.0', changed: true, bumped: false });
    expect(await stampRelease(repo, 'mf-leads')).toEqual({ version: '1.0.0', changed: false, bumped: false });
  });
});

describe('nextReleaseVersion', () => {
  it('keeps a version bumped by hand past the release, else takes the next patch after the release', () => {
    expect(nextReleaseVersion('1.0.0', null)).toBe('1.0.0');
    expect(nextReleaseVersion('1.2.0', '1.1.4')).toBe('1.2.0');
    expect(nextReleaseVersion('1.1.4', '1.1.4')).toBe('1.1.5');
    expect(nextReleaseVersion('1.0.0', '1.1.4')).toBe('1.1.5');
  });
});
