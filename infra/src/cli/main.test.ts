import fs from 'node:fs/promises';
import path from 'node:path';
import { Registry } from '../registry/registry';
import { makeFakeBuild, tempDir } from '../testing/fake-build';
import { run } from './main';

describe('forecourt publish', () => {
  const saved = { INIT_CWD: process.env.INIT_CWD, FORECOURT_DATA_DIR: process.env.FORECOURT_DATA_DIR };
  const made: string[] = [];

  afterEach(async () => {
    await Promise.all(made.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    jest.restoreAllMocks();
  });

  it('takes a relative --from from the folder the command was typed in, not infra/', async () => {
    const typedIn = await tempDir();
    const dataDir = await tempDir();
    made.push(typedIn, dataDir);
    const build = await makeFakeBuild(typedIn, { team: 'mf-search', version: '2.0.0' });
    process.env.INIT_CWD = typedIn;
    process.env.FORECOURT_DATA_DIR = dataDir;
    jest.spyOn(console, 'log').mockImplementation(() => undefined);

    await run(['publish', 'mf-search', '--from', path.basename(build)]);

    expect(await new Registry(path.join(dataDir, 'registry')).listVersions('mf-search')).toEqual(['2.0.0']);
  });
});
