import fs from 'node:fs/promises';
import path from 'node:path';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import { makeFakeBuild, tempDir } from '@forecourt/test-kit/fake-build';
import { Registry } from '../registry';
import { describeGate, failedChecks, runGate } from './gate';
import { samplePath } from './mount';

const tenants = [
  {
    slug: 'harbourside-motors',
    features: { 'mf-search': true, 'mf-vehicle': true, 'mf-finance': true, 'mf-leads': true, 'mf-locations': true },
  },
] as unknown as TenantConfig[];

describe('runGate (static checks)', () => {
  let work: string;
  let registry: Registry;
  beforeEach(async () => {
    work = await tempDir();
    registry = new Registry(path.join(work, 'registry'));
    await registry.publish('shell', await makeFakeBuild(work, { team: 'shell', version: '1.0.0' }));
    await registry.publish('mf-vehicle', await makeFakeBuild(work, { team: 'mf-vehicle', version: '1.0.0' }));
    await registry.publish(
      'mf-vehicle',
      await makeFakeBuild(work, { team: 'mf-vehicle', version: '1.1.0', routes: ['/cars/:slug', '/garage'] }),
    );
  });
  afterEach(async () => {
    await fs.rm(work, { recursive: true, force: true });
  });

  it('passes a build that breaks no rule, without a browser when the mount check is not asked for', async () => {
    const build = await makeFakeBuild(work, { team: 'mf-leads', version: '1.1.0' });
    const report = await runGate({
      repoRoot: work,
      registry,
      team: 'mf-leads',
      buildDir: build,
      running: [],
      tenants,
      mount: false,
    });
    expect(report).toMatchObject({ team: 'mf-leads', version: '1.1.0', passed: true, against: 'shell 1.0.0' });
    expect(report.checks.map((c) => c.check)).toEqual(['exposes', 'fragments', 'shared', 'routes', 'budget', 'mount']);
    expect(report.checks.find((c) => c.check === 'mount')).toMatchObject({ passed: true, skipped: 'not asked for' });
  });

  it("refuses a route another remote's pinned build owns, and a fragment another team loads that the build dropped, with every reason", async () => {
    await fs.mkdir(path.join(work, 'mf-search', 'src'), { recursive: true });
    await fs.writeFile(
      path.join(work, 'mf-search', 'src', 'home.tsx'),
      `<RemoteFragment id="mf_leads/QuickEnquiry" props={{}} />`,
    );
    const build = await makeFakeBuild(work, { team: 'mf-leads', version: '1.1.0', routes: ['/contact', '/garage'] });
    // /garage is in mf-vehicle 1.1.0 (the newest), not in 1.0.0 (pinned): both are checked.
    const report = await runGate({
      repoRoot: work,
      registry,
      team: 'mf-leads',
      buildDir: build,
      running: [{ tenant: '*', team: 'mf-vehicle', version: '1.0.0' }],
      tenants,
      mount: false,
    });
    expect(report.passed).toBe(false);
    expect(failedChecks(report)).toEqual([
      {
        check: 'fragments',
        reasons: [
          `mf-leads 1.1.0 does not expose ./QuickEnquiry, which mf-search loads as mf_leads/QuickEnquiry (${path.join('mf-search', 'src', 'home.tsx')})`,
        ],
      },
      { check: 'routes', reasons: ["mf-leads 1.1.0 route /garage collides with mf-vehicle 1.1.0's /garage"] },
    ]);
    const text = describeGate(report).join('\n');
    expect(text).toContain('Contract gate for mf-leads 1.1.0 (against shell 1.0.0): FAILED');
    expect(text).toContain('FAIL routes');
    expect(text).toContain("- mf-leads 1.1.0 route /garage collides with mf-vehicle 1.1.0's /garage");
  });

  it('checks against the platform default shell, not a newer unpinned one', async () => {
    await registry.publish(
      'shell',
      await makeFakeBuild(work, { team: 'shell', version: '2.0.0', shared: { react: '20.0.0' } }),
    );
    const build = await makeFakeBuild(work, { team: 'mf-leads', version: '1.1.0' });
    const pinned = await runGate({
      repoRoot: work,
      registry,
      team: 'mf-leads',
      buildDir: build,
      running: [{ tenant: '*', team: 'shell', version: '1.0.0' }],
      tenants,
      mount: false,
    });
    expect(pinned).toMatchObject({ passed: true, against: 'shell 1.0.0' });
    const newest = await runGate({
      repoRoot: work,
      registry,
      team: 'mf-leads',
      buildDir: build,
      running: [],
      tenants,
      mount: false,
    });
    expect(newest.against).toBe('shell 2.0.0');
    expect(failedChecks(newest)).toEqual([
      {
        check: 'shared',
        reasons: [
          'mf-leads 1.1.0 requires shared react ^19.3.1, but shell 2.0.0 provides 20.0.0: publish a shell that provides it first, or build against 20.0.0',
        ],
      },
    ]);
  });
});

describe('samplePath', () => {
  it('turns a route pattern into a path it matches', () => {
    expect(samplePath('/finance')).toBe('/finance');
    expect(samplePath('/cars/:slug')).toBe('/cars/publish-gate');
    expect(samplePath('/search/*')).toBe('/search');
    expect(samplePath('/')).toBe('/');
  });
});
