import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { InvalidTenantConfigError } from '@forecourt/shared-config/tenant';
import { INFRA_ROOT, REPO_ROOT } from '@forecourt/config/paths';
import { tempDir } from '@forecourt/test-kit/fake-build';
import { buildApp } from './app';

const badTenants = path.join(INFRA_ROOT, 'config', 'src', 'tenants', '__fixtures__', 'bad');
let dataDir: string;

beforeEach(async () => {
  dataDir = await tempDir();
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('start-up with an invalid tenant config', () => {
  it('refuses to build the app', async () => {
    await expect(buildApp({ dataDir, tenantsDir: badTenants })).rejects.toBeInstanceOf(InvalidTenantConfigError);
  });

  it('stops `start` with a message naming tenant, field and reason, and a non-zero exit', async () => {
    const run = promisify(execFile)(
      path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
      ['infra/cli/src/main.ts', 'start'],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, FORECOURT_TENANTS_DIR: badTenants, FORECOURT_DATA_DIR: dataDir, PORT: '0' },
      },
    );
    const failure = await run.then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain("tenant 'broken-motors', field 'theme.primary': must be a colour like #1a2b3c");
  });
});
