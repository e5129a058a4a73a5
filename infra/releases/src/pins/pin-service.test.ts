import fs from 'node:fs/promises';
import path from 'node:path';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import type { Database } from '@forecourt/data/database';
import { DEFAULT_TENANT } from '@forecourt/data/pins';
import { Registry } from '../registry/registry';
import { loadTenants } from '@forecourt/config/tenants/load-tenants';
import { makeFakeBuild, tempDir } from '@forecourt/test-kit/fake-build';
import { openTestDatabase } from '@forecourt/test-kit/test-database';
import { PinService } from './pin-service';

let database: Database;
let dir: string;
let registry: Registry;
let tenants: TenantConfig[];

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  dir = await tempDir();
  registry = new Registry(path.join(dir, 'registry'));
  const builds = [
    ['mf-search', '1.0.0'],
    ['mf-search', '1.1.0'],
    ['mf-search', '1.2.0'],
    ['mf-finance', '1.0.0'],
    ['mf-finance', '1.1.0'],
  ] as const;
  for (const [team, version] of builds) await registry.publish(team, await makeFakeBuild(dir, { team, version }));
  tenants = await loadTenants();
});
afterAll(async () => {
  await database.close();
  await fs.rm(dir, { recursive: true, force: true });
});

let service: PinService;
beforeEach(async () => {
  await database.db.deleteFrom('canaries').execute();
  await database.db.deleteFrom('pins').execute();
  await database.db.deleteFrom('pin_changes').execute();
  service = new PinService(database.db, registry, tenants);
  await service.pin({ tenant: 'harbourside-motors', team: 'mf-search', version: '1.1.0', actor: 'ann' });
});

const canary = { tenant: 'harbourside-motors', team: 'mf-search', version: '1.0.0', percent: 50, actor: 'cat' };

describe('PinService canaries', () => {
  it('starts a canary of a published version', async () => {
    const result = await service.canary(canary);
    expect(result.canary).toMatchObject({ version: '1.0.0', percent: 50 });
    expect(result.pin.version).toBe('1.1.0');
  });

  it('refuses a version that is not published, listing what is', async () => {
    await expect(service.canary({ ...canary, version: '9.9.9' })).rejects.toMatchObject({
      code: 'not-found',
      message: 'mf-search 9.9.9 is not published (published: 1.0.0, 1.1.0, 1.2.0)',
    });
  });

  it('refuses an unknown tenant', async () => {
    await expect(service.canary({ ...canary, tenant: 'nobody' })).rejects.toMatchObject({
      code: 'not-found',
      message: "Unknown tenant 'nobody'",
    });
  });

  it('refuses a remote the tenant switched off', async () => {
    await service.pin({ tenant: DEFAULT_TENANT, team: 'mf-finance', version: '1.0.0', actor: 'ann' });
    await expect(
      service.canary({ ...canary, tenant: 'coastal-caravans', team: 'mf-finance', version: '1.1.0' }),
    ).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('mf-finance is switched off for coastal-caravans'),
    });
  });

  it('refuses a canary for the platform default', async () => {
    await service.pin({ tenant: DEFAULT_TENANT, team: 'mf-search', version: '1.0.0', actor: 'ann' });
    await expect(service.canary({ ...canary, tenant: DEFAULT_TENANT, version: '1.1.0' })).rejects.toMatchObject({
      code: 'invalid',
    });
  });

  it('refuses a percent outside 1-99 as invalid input naming percent', async () => {
    await expect(service.canary({ ...canary, percent: 100 })).rejects.toMatchObject({
      code: 'invalid',
      message: expect.stringMatching(/^percent /),
    });
  });

  it('refuses the pinned version', async () => {
    await expect(service.canary({ ...canary, version: '1.1.0' })).rejects.toMatchObject({ code: 'conflict' });
  });

  it('promotes the canary to the pin, with the old pin as last good, and lists no canary after', async () => {
    await service.canary(canary);
    const result = await service.promote({ tenant: 'harbourside-motors', team: 'mf-search', actor: 'dan' });
    expect(result.pin).toMatchObject({ version: '1.0.0', lastGoodVersion: '1.1.0' });
    const overview = await service.overview();
    expect(overview.canaries).toEqual([]);
    expect(overview.effective).toContainEqual(
      expect.objectContaining({ tenant: 'harbourside-motors', team: 'mf-search', version: '1.0.0', canary: null }),
    );
  });

  it('shows a running canary in the overview next to the pin', async () => {
    await service.canary(canary);
    const overview = await service.overview();
    expect(overview.effective).toContainEqual(
      expect.objectContaining({
        tenant: 'harbourside-motors',
        team: 'mf-search',
        version: '1.1.0',
        canary: { version: '1.0.0', percent: 50 },
      }),
    );
    expect(overview.effective).toContainEqual(
      expect.objectContaining({ tenant: 'redgum-used-cars', team: 'mf-search', canary: null }),
    );
  });

  it('drops the canary on a rollback and keeps the pin', async () => {
    await service.canary(canary);
    const result = await service.rollback({ tenant: 'harbourside-motors', team: 'mf-search', actor: 'dan' });
    expect(result.pin.version).toBe('1.1.0');
    expect(result.droppedCanary?.version).toBe('1.0.0');
    expect((await service.overview()).canaries).toEqual([]);
  });

  it('records every change with its actor, filtered by tenant and team', async () => {
    await service.canary(canary);
    await service.canary({ ...canary, percent: 80, actor: 'dan' });
    await service.promote({ tenant: 'harbourside-motors', team: 'mf-search', actor: 'eve' });
    const history = await service.history({ tenant: 'harbourside-motors', team: 'mf-search' });
    expect(history.map((c) => [c.action, c.fromVersion, c.toVersion, c.percent, c.actor])).toEqual([
      ['promote', '1.1.0', '1.0.0', 80, 'eve'],
      ['canary', '1.1.0', '1.0.0', 80, 'dan'],
      ['canary', '1.1.0', '1.0.0', 50, 'cat'],
      ['pin', null, '1.1.0', null, 'ann'],
    ]);
  });
});
