import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { tempDir } from '@forecourt/test-kit/fake-build';
import { checkFirstLoadBudget, DEFAULT_FIRST_LOAD_BUDGET_KB, firstLoadBudgetKB, measureFirstLoad } from './budget';

const manifest = (sync: string[]) => ({
  name: 'mf_leads',
  shared: [],
  exposes: [
    { path: './app', assets: { js: { sync, async: ['later.js'] }, css: { sync: [], async: [] } } },
    { path: './Contact', assets: { js: { sync: ['contact.js'], async: [] }, css: { sync: [], async: [] } } },
  ],
});

describe('first-load budget', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await tempDir();
    // Random bytes do not compress: the Brotli size is about the file size.
    await fs.writeFile(path.join(dir, 'remoteEntry.js'), randomBytes(10 * 1024));
    await fs.writeFile(path.join(dir, 'app.js'), randomBytes(30 * 1024));
    await fs.writeFile(path.join(dir, 'later.js'), randomBytes(200 * 1024));
    await fs.writeFile(path.join(dir, 'contact.js'), randomBytes(200 * 1024));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("counts remoteEntry.js and ./app's synchronous files, compressed, not the chunks loaded later or other fragments", async () => {
    const measured = await measureFirstLoad({ dir, manifest: manifest(['app.js']) });
    expect(measured.files.map((f) => f.file)).toEqual(['remoteEntry.js', 'app.js']);
    expect(measured.total).toBeGreaterThan(40 * 1024);
    expect(measured.total).toBeLessThan(41 * 1024);
    const text = 'const a = 1;\n'.repeat(5000);
    await fs.writeFile(path.join(dir, 'app.js'), text);
    const compressible = await measureFirstLoad({ dir, manifest: manifest(['app.js']) });
    expect(compressible.files[1]!.compressed).toBeLessThan(text.length / 20);
  });

  it('refuses a first load over the budget, naming the figure, the limit, where the limit comes from and the largest files', async () => {
    const measured = await measureFirstLoad({ dir, manifest: manifest(['app.js']) });
    const candidate = { team: 'mf-leads', version: '1.2.0' };
    expect(checkFirstLoadBudget(candidate, measured, { kb: 60, source: 'the default' })).toEqual([]);
    const [reason] = checkFirstLoadBudget(candidate, measured, { kb: 32, source: 'mf-leads/package.json' });
    expect(reason).toMatch(
      /^mf-leads 1\.2\.0 first load is 40\.\d KB \(Brotli\) over its budget of 32 KB \(mf-leads\/package\.json\); largest: app\.js 30\.\d KB, remoteEntry\.js 10\.\d KB$/,
    );
  });

  it("reads the team's budget from its package.json, else the default, and names a malformed field", async () => {
    await fs.mkdir(path.join(dir, 'mf-leads'));
    expect(await firstLoadBudgetKB(dir, 'mf-leads')).toEqual({
      kb: DEFAULT_FIRST_LOAD_BUDGET_KB,
      source: 'the default',
    });
    await fs.writeFile(
      path.join(dir, 'mf-leads', 'package.json'),
      JSON.stringify({ forecourt: { firstLoadBudgetKB: 45 } }),
    );
    expect(await firstLoadBudgetKB(dir, 'mf-leads')).toEqual({ kb: 45, source: 'mf-leads/package.json' });
    await fs.writeFile(
      path.join(dir, 'mf-leads', 'package.json'),
      JSON.stringify({ forecourt: { firstLoadBudgetKB: 'lots' } }),
    );
    await expect(firstLoadBudgetKB(dir, 'mf-leads')).rejects.toThrow(
      "mf-leads/package.json: field 'forecourt.firstLoadBudgetKB'",
    );
  });
});
