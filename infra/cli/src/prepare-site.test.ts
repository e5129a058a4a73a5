import fs from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_TEAMS } from '@forecourt/shared-config/teams';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import type { Database } from '@forecourt/data/database';
import { listPins, setPin } from '@forecourt/data/pins';
import { PinService } from '@forecourt/releases/pins/pin-service';
import { Registry } from '@forecourt/releases/registry/registry';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { makeFakeBuild, tempDir } from '@forecourt/test-kit/fake-build';
import { clearPlatformTables, openSharedDatabase } from '@forecourt/test-kit/test-platform';
import { buildReason, consoleBuildTarget, demoBuildTargets } from '@forecourt/releases/builds/builds';
import { ensureDemoPins, olderPins, prepareSite, publishBuilt } from './prepare-site';

let database: Database;
let tenants: TenantConfig[];
let repo: string;
let dataDir: string;
let lines: string[];
const log = (line: string) => lines.push(line);

/** A throwaway repo with each team's package.json and a fake build where webpack would put it. */
async function fakeRepo(root: string): Promise<void> {
  for (const team of ['shell', ...REMOTE_TEAMS]) {
    const version = team === 'mf-search' ? '1.1.0' : '1.0.0';
    await fs.mkdir(path.join(root, team), { recursive: true });
    await fs.writeFile(path.join(root, team, 'package.json'), JSON.stringify({ version }));
    const build = await makeFakeBuild(path.join(root, '.builds'), { team, version });
    await fs.cp(build, path.join(root, team, 'dist'), { recursive: true });
  }
  const earlier = await makeFakeBuild(path.join(root, '.builds'), { team: 'mf-search', version: '1.0.0' });
  await fs.cp(earlier, path.join(root, 'mf-search', 'dist-1.0.0'), { recursive: true });
}

beforeAll(async () => {
  database = await openSharedDatabase();
  tenants = await loadTenants();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await clearPlatformTables(database);
  repo = await tempDir();
  dataDir = path.join(repo, '.data');
  lines = [];
  await fakeRepo(repo);
});
afterEach(async () => {
  await fs.rm(repo, { recursive: true, force: true });
});

describe('prepareSite', () => {
  it('publishes every build and pins each tenant, with the demo tenant on mf-search 1.0.0', async () => {
    await prepareSite({ repoRoot: repo, dataDir, database, tenants, log, build: false });
    const pins = await listPins(database.db);
    expect(pins.find((p) => p.tenant === '*' && p.team === 'shell')?.version).toBe('1.0.0');
    expect(pins.find((p) => p.tenant === 'redgum-used-cars' && p.team === 'mf-search')?.version).toBe('1.0.0');
    expect(pins.find((p) => p.tenant === 'harbourside-motors' && p.team === 'mf-search')?.version).toBe('1.1.0');
    expect(pins.filter((p) => p.tenant === 'coastal-caravans').map((p) => p.team)).not.toContain('mf-finance');
  });

  it('returns nothing stale when it serves the checkout', async () => {
    expect(await prepareSite({ repoRoot: repo, dataDir, database, tenants, log, build: false })).toEqual([]);
  });

  it('returns the tenants a bumped version did not reach, for the start to say last', async () => {
    await prepareSite({ repoRoot: repo, dataDir, database, tenants, log, build: false });
    await fs.writeFile(path.join(repo, 'mf-leads', 'package.json'), JSON.stringify({ version: '1.0.1' }));
    const build = await makeFakeBuild(path.join(repo, '.builds'), { team: 'mf-leads', version: '1.0.1' });
    await fs.rm(path.join(repo, 'mf-leads', 'dist'), { recursive: true });
    await fs.cp(build, path.join(repo, 'mf-leads', 'dist'), { recursive: true });
    const stale = await prepareSite({ repoRoot: repo, dataDir, database, tenants, log, build: false });
    const leadsTenants = tenants
      .filter((t) => t.features['mf-leads'])
      .map((t) => ({ tenant: t.slug, version: '1.0.0' }));
    expect(stale).toEqual([
      {
        kind: 'pinned-older',
        team: 'mf-leads',
        version: '1.0.1',
        tenants: [{ tenant: '*', version: '1.0.0' }, ...leadsTenants],
      },
    ]);
  });

  it('leaves existing pins alone on the next start', async () => {
    await prepareSite({ repoRoot: repo, dataDir, database, tenants, log, build: false });
    await setPin(database.db, { tenant: 'harbourside-motors', team: 'mf-search', version: '1.0.0', actor: 'ann' });
    await prepareSite({ repoRoot: repo, dataDir, database, tenants, log, build: false });
    const pins = await listPins(database.db);
    expect(pins.find((p) => p.tenant === 'harbourside-motors' && p.team === 'mf-search')?.version).toBe('1.0.0');
  });
});

describe('publishBuilt', () => {
  it('warns, and keeps the published build, when a version is rebuilt with other bytes', async () => {
    const registry = new Registry(path.join(dataDir, 'registry'));
    await publishBuilt(repo, registry, log);
    const published = await registry.meta('mf-leads', '1.0.0');
    await fs.appendFile(path.join(repo, 'mf-leads', 'dist', 'remoteEntry.js'), '// changed\n');
    lines = [];
    await publishBuilt(repo, registry, log);
    expect(lines.join('\n')).toContain('WARNING mf-leads 1.0.0');
    expect(lines.join('\n')).toContain('bump the version in mf-leads/package.json (npm run release:stamp -- mf-leads)');
    expect(await registry.meta('mf-leads', '1.0.0')).toEqual(published);
  });

  it("returns the rebuilt version as stale, and not the demo's earlier build made from today's source", async () => {
    const registry = new Registry(path.join(dataDir, 'registry'));
    expect(await publishBuilt(repo, registry, log)).toMatchObject({ stale: [] });
    await fs.appendFile(path.join(repo, 'mf-leads', 'dist', 'remoteEntry.js'), '// changed\n');
    await fs.appendFile(path.join(repo, 'mf-search', 'dist-1.0.0', 'remoteEntry.js'), '// changed\n');
    expect((await publishBuilt(repo, registry, log)).stale).toEqual([
      { kind: 'differs', team: 'mf-leads', version: '1.0.0' },
    ]);
  });
});

describe('ensureDemoPins', () => {
  it('says which remotes it could not pin because nothing is published', async () => {
    const registry = new Registry(path.join(dataDir, 'registry'));
    await registry.publish('shell', path.join(repo, 'shell', 'dist'));
    const made = await ensureDemoPins(
      repo,
      new PinService(database.db, registry, tenants),
      registry,
      database,
      tenants,
      log,
    );
    expect(made).toBe(1);
    expect(lines.join('\n')).toContain('not pinned, not published yet: mf-search 1.1.0');
  });
});

describe('olderPins', () => {
  it("leaves out the demo tenant's earlier mf-search and versions not published yet", async () => {
    const registry = new Registry(path.join(dataDir, 'registry'));
    await prepareSite({ repoRoot: repo, dataDir, database, tenants, log, build: false });
    expect(await olderPins(repo, registry, database)).toEqual([]);
    await fs.writeFile(path.join(repo, 'shell', 'package.json'), JSON.stringify({ version: '1.0.1' }));
    expect(await olderPins(repo, registry, database)).toEqual([]);
  });
});

describe('buildReason', () => {
  it('asks for a build when sources are newer than the build, ignoring tests', async () => {
    const [shell] = demoBuildTargets(repo);
    if (!shell) throw new Error('no targets');
    const past = new Date(Date.now() - 60_000);
    await fs.utimes(path.join(shell.outDir, 'forecourt-build.json'), past, past);
    await fs.utimes(path.join(repo, 'shell', 'package.json'), past, past);
    await fs.mkdir(path.join(repo, 'shell', 'src'), { recursive: true });
    await fs.writeFile(path.join(repo, 'shell', 'src', 'a.test.ts'), '');
    expect(await buildReason(shell)).toBeNull();
    await fs.writeFile(path.join(repo, 'shell', 'src', 'a.ts'), '');
    expect(await buildReason(shell)).toBe('sources changed since the last build');
  });

  it("builds the operator console when its page is missing or older than its sources, and not for shared-config's", async () => {
    const target = consoleBuildTarget(repo);
    await fs.mkdir(path.join(repo, 'console', 'src'), { recursive: true });
    await fs.writeFile(path.join(repo, 'console', 'src', 'app.tsx'), '');
    expect(await buildReason(target)).toBe('no build yet');
    await fs.mkdir(target.outDir, { recursive: true });
    await fs.writeFile(path.join(target.outDir, 'index.html'), '<!doctype html>');
    const [built, written] = [new Date(Date.now() - 60_000), new Date(Date.now() - 120_000)];
    await fs.utimes(path.join(target.outDir, 'index.html'), built, built);
    await fs.utimes(path.join(repo, 'console', 'src', 'app.tsx'), written, written);
    await fs.mkdir(path.join(repo, 'shared-config', 'src'), { recursive: true });
    await fs.writeFile(path.join(repo, 'shared-config', 'src', 'later.ts'), '');
    expect(await buildReason(target)).toBeNull();
    await fs.writeFile(path.join(repo, 'console', 'src', 'app.tsx'), '// changed');
    expect(await buildReason(target)).toBe('sources changed since the last build');
  });
});
