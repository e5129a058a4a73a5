import fs from 'node:fs/promises';
import path from 'node:path';
import { tempDir } from '@forecourt/test-kit/fake-build';
import { REPO_ROOT } from '@forecourt/config/paths';
import { checkExposedFiles, checkNeededFragments, findFragmentUses, moduleIdsIn } from './exposes';

async function write(file: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, text);
}

describe('moduleIdsIn', () => {
  it("finds module ids as RemoteFragment, loadRemote and lookup tables write them, and the shell's federationName form", () => {
    const source = [
      `<RemoteFragment id="mf_finance/FinanceCta" props={{}} />`,
      `loadRemote('mf_leads/EnquireDialog')`,
      `const DIALOGS = { Finance: 'mf_finance/FinanceDialog' };`,
      "id={`${federationName('mf-locations')}/ReviewSummary`}",
      `import x from './mf_finance/not-a-module-id-because-lower-case';`,
    ].join('\n');
    expect(moduleIdsIn(source)).toEqual([
      'mf_finance/FinanceCta',
      'mf_leads/EnquireDialog',
      'mf_finance/FinanceDialog',
      'mf_locations/ReviewSummary',
    ]);
  });
});

describe('fragments other teams load', () => {
  let repo: string;
  beforeEach(async () => {
    repo = await tempDir();
    await write(
      path.join(repo, 'mf-search', 'src', 'home.tsx'),
      `<RemoteFragment id="mf_finance/FinanceCta" props={{}} />`,
    );
    await write(
      path.join(repo, 'mf-search', 'src', 'home.test.tsx'),
      `<RemoteFragment id="mf_finance/OnlyInATest" props={{}} />`,
    );
    await write(
      path.join(repo, 'mf-vehicle', 'src', 'page.tsx'),
      `<RemoteFragment id="mf_finance/Calculator" props={{}} />`,
    );
    await write(
      path.join(repo, 'mf-vehicle', 'package.json'),
      JSON.stringify({ forecourt: { uses: ['mf_finance/Calculator', 'mf_leads/Other'] } }),
    );
    await write(path.join(repo, 'mf-finance', 'src', 'self.tsx'), `<RemoteFragment id="mf_finance/Own" props={{}} />`);
  });
  afterEach(async () => {
    await fs.rm(repo, { recursive: true, force: true });
  });

  it("finds uses in the other teams' source (not tests, not its own) and their package.json declarations", async () => {
    const uses = await findFragmentUses(repo, 'mf-finance', 'mf_finance');
    expect(uses).toEqual(
      expect.arrayContaining([
        { id: 'mf_finance/FinanceCta', by: 'mf-search', where: path.join('mf-search', 'src', 'home.tsx') },
        { id: 'mf_finance/Calculator', by: 'mf-vehicle', where: path.join('mf-vehicle', 'src', 'page.tsx') },
        { id: 'mf_finance/Calculator', by: 'mf-vehicle', where: 'mf-vehicle/package.json forecourt.uses' },
      ]),
    );
    expect(uses).toHaveLength(3);
  });

  it('refuses a build that dropped a module another team loads, naming the team and where', async () => {
    const uses = await findFragmentUses(repo, 'mf-finance', 'mf_finance');
    const candidate = { team: 'mf-finance', version: '2.0.0', info: { exposes: ['./app', './FinanceCta'] } as never };
    expect(checkNeededFragments(candidate, uses)).toEqual([
      `mf-finance 2.0.0 does not expose ./Calculator, which mf-vehicle loads as mf_finance/Calculator (${path.join('mf-vehicle', 'src', 'page.tsx')}, mf-vehicle/package.json forecourt.uses)`,
    ]);
    const complete = { ...candidate, info: { exposes: ['./app', './FinanceCta', './Calculator'] } as never };
    expect(checkNeededFragments(complete, uses)).toEqual([]);
  });

  it('names a malformed declaration', async () => {
    await write(
      path.join(repo, 'mf-leads', 'package.json'),
      JSON.stringify({ forecourt: { uses: ['finance calculator'] } }),
    );
    await expect(findFragmentUses(repo, 'mf-finance', 'mf_finance')).rejects.toThrow(
      "mf-leads/package.json: field 'forecourt.uses.0' must look like mf_<team>/<Module>",
    );
  });

  it("finds in this repository every fragment the teams use today, e.g. the shell's mf_locations/ReviewSummary", async () => {
    const uses = await findFragmentUses(REPO_ROOT, 'mf-locations', 'mf_locations');
    expect(uses.map((u) => `${u.by} ${u.id}`)).toEqual(
      expect.arrayContaining([
        'shell mf_locations/ReviewSummary',
        'mf-search mf_locations/DealerContact',
        'mf-vehicle mf_locations/LocatedAt',
      ]),
    );
  });
});

describe('checkExposedFiles', () => {
  it('refuses an exposed module missing from the federation manifest or whose files are not in the build', async () => {
    const dir = await tempDir();
    try {
      await fs.writeFile(path.join(dir, 'app.js'), '');
      const assets = (sync: string[]) => ({ js: { sync, async: [] }, css: { sync: [], async: [] } });
      const candidate = {
        team: 'mf-leads',
        version: '1.2.0',
        dir,
        info: { exposes: ['./app', './Contact', './Gone'] } as never,
        manifest: {
          name: 'mf_leads',
          shared: [],
          exposes: [
            { path: './app', assets: assets(['app.js']) },
            { path: './Contact', assets: assets(['contact.1234.js']) },
          ],
        },
      };
      expect(await checkExposedFiles(candidate)).toEqual([
        'mf-leads 1.2.0 exposes ./Contact but its file contact.1234.js is missing from the build',
        'mf-leads 1.2.0 lists ./Gone in its build info but its mf-manifest.json has no such exposed module',
      ]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
