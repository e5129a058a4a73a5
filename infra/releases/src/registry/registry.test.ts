import fs from 'node:fs/promises';
import path from 'node:path';
import { FAKE_SHARED, makeFakeBuild, tempDir } from '@forecourt/test-kit/fake-build';
import { Registry } from './registry';

describe('Registry', () => {
  let work: string;
  let registry: Registry;

  beforeEach(async () => {
    work = await tempDir();
    registry = new Registry(path.join(work, 'registry'));
  });

  afterEach(async () => {
    await fs.rm(work, { recursive: true, force: true });
  });

  it('publishes a remote build under team/version with its metadata and entry integrity', async () => {
    const meta = await registry.publish(
      'mf-search',
      await makeFakeBuild(work, { team: 'mf-search', version: '1.1.0' }),
    );
    expect(meta).toMatchObject({
      team: 'mf-search',
      version: '1.1.0',
      exposes: ['./app'],
      routes: expect.arrayContaining(['/search/*']),
    });
    expect(meta.integrity['remoteEntry.js']).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    const onDisk = JSON.parse(
      await fs.readFile(path.join(work, 'registry', 'mf-search', '1.1.0', 'registry.json'), 'utf8'),
    );
    expect(onDisk).toEqual(meta);
  });

  it('records an integrity per entry file for the shell', async () => {
    const meta = await registry.publish('shell', await makeFakeBuild(work, { team: 'shell', version: '1.0.0' }));
    expect(Object.keys(meta.integrity)).toEqual(meta.entryFiles);
  });

  it('refuses to republish a version, telling the team to bump it', async () => {
    await registry.publish('mf-search', await makeFakeBuild(work, { team: 'mf-search', version: '1.1.0' }));
    const again = await makeFakeBuild(work, { team: 'mf-search', version: '1.1.0', flavour: 'b' });
    await expect(registry.publish('mf-search', again)).rejects.toThrow(
      'mf-search 1.1.0 is already published; versions are immutable — bump the version in mf-search/package.json',
    );
  });

  it('refuses a build of another team', async () => {
    const build = await makeFakeBuild(work, { team: 'mf-leads', version: '1.0.0' });
    await expect(registry.publish('mf-search', build)).rejects.toThrow('holds a build of mf-leads, not mf-search');
  });

  it('refuses a remote that does not expose ./app', async () => {
    const build = await makeFakeBuild(work, { team: 'mf-leads', version: '1.0.0', exposes: ['./Contact'] });
    await expect(registry.publish('mf-leads', build)).rejects.toThrow("does not expose './app'");
  });

  it('refuses a remote build without its remoteEntry.js', async () => {
    const build = await makeFakeBuild(work, { team: 'mf-leads', version: '1.0.0' });
    await fs.rm(path.join(build, 'remoteEntry.js'));
    await expect(registry.publish('mf-leads', build)).rejects.toThrow('has no remoteEntry.js');
  });

  it('refuses a version that is not semver', async () => {
    const build = await makeFakeBuild(work, { team: 'mf-leads', version: 'latest' });
    await expect(registry.publish('mf-leads', build)).rejects.toThrow("version 'latest' is not a semantic version");
  });

  it('refuses a remote whose shared singleton is on another major than the newest shell, naming it', async () => {
    await registry.publish('shell', await makeFakeBuild(work, { team: 'shell', version: '1.0.0' }));
    const build = await makeFakeBuild(work, {
      team: 'mf-finance',
      version: '2.0.0',
      shared: { ...FAKE_SHARED, react: '18.3.1' },
    });
    await expect(registry.publish('mf-finance', build)).rejects.toThrow(
      'shares react 18.3.1, but shell 1.0.0 provides 19.3.1',
    );
    expect(await registry.listVersions('mf-finance')).toEqual([]);
  });

  it('accepts a newer minor of a shared singleton than the shell has', async () => {
    await registry.publish('shell', await makeFakeBuild(work, { team: 'shell', version: '1.0.0' }));
    const build = await makeFakeBuild(work, {
      team: 'mf-finance',
      version: '2.0.0',
      shared: { ...FAKE_SHARED, jotai: '2.21.0' },
    });
    await expect(registry.publish('mf-finance', build)).resolves.toMatchObject({ version: '2.0.0' });
  });

  it('lists published versions in semver order', async () => {
    for (const version of ['1.10.0', '1.2.0', '1.9.1']) {
      await registry.publish('mf-vehicle', await makeFakeBuild(work, { team: 'mf-vehicle', version }));
    }
    expect(await registry.listVersions('mf-vehicle')).toEqual(['1.2.0', '1.9.1', '1.10.0']);
  });

  it('orders numbered prereleases by number, and each before its release', async () => {
    for (const version of ['2.0.0', '2.0.0-rc.10', '2.0.0-rc.9', '2.0.0-rc.1']) {
      await registry.publish('mf-vehicle', await makeFakeBuild(work, { team: 'mf-vehicle', version }));
    }
    expect(await registry.listVersions('mf-vehicle')).toEqual(['2.0.0-rc.1', '2.0.0-rc.9', '2.0.0-rc.10', '2.0.0']);
    expect((await registry.latest('mf-vehicle'))?.version).toBe('2.0.0');
  });

  it('refuses another patch of a 0.0.x shared singleton, as a caret range on it would', async () => {
    await registry.publish(
      'shell',
      await makeFakeBuild(work, { team: 'shell', version: '1.0.0', shared: { ...FAKE_SHARED, 'tiny-lib': '0.0.3' } }),
    );
    const build = await makeFakeBuild(work, {
      team: 'mf-finance',
      version: '2.0.0',
      shared: { ...FAKE_SHARED, 'tiny-lib': '0.0.4' },
    });
    await expect(registry.publish('mf-finance', build)).rejects.toThrow(
      'shares tiny-lib 0.0.4, but shell 1.0.0 provides 0.0.3',
    );
  });

  it('refuses a version written with a leading v', async () => {
    const build = await makeFakeBuild(work, { team: 'mf-leads', version: 'v1.2.3' });
    await expect(registry.publish('mf-leads', build)).rejects.toThrow("version 'v1.2.3' is not a semantic version");
  });

  it('resolves nothing outside a published version folder', async () => {
    await registry.publish('mf-search', await makeFakeBuild(work, { team: 'mf-search', version: '1.1.0' }));
    expect(await registry.resolveFile('mf-search', '1.1.0', 'remoteEntry.js')).not.toBeNull();
    expect(await registry.resolveFile('mf-search', '1.1.0', '../../mf-search/1.1.0/remoteEntry.js')).toBeNull();
    expect(await registry.resolveFile('mf-search', '1.1.0', '')).toBeNull();
    expect(await registry.resolveFile('mf-search', '..', 'registry.json')).toBeNull();
  });
});
