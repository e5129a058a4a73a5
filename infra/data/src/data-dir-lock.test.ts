import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'forecourt-lock-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

it('refuses a folder another live process holds, naming that process', async () => {
  await fs.writeFile(path.join(dir, 'forecourt.pid'), `${process.ppid}\n`);
  await expect(lockDataDir(dir)).rejects.toThrow(
    new DataDirInUseError(
      `The database in ${dir} is in use by process ${process.ppid}: stop that server first (two processes writing one embedded database would corrupt it)`,
    ),
  );
});

it('takes over a folder whose holder is gone (a crash)', async () => {
  const gone = spawnSync(process.execPath, ['-e', '0']).pid;
  await fs.writeFile(path.join(dir, 'forecourt.pid'), `${gone}\n`);
  const release = await lockDataDir(dir);
  expect(await fs.readFile(path.join(dir, 'forecourt.pid'), 'utf8')).toBe(`${process.pid}\n`);
  await release();
});

it('refuses a second open in the same process until the first is released', async () => {
  const release = await lockDataDir(dir);
  await expect(lockDataDir(dir)).rejects.toThrow(`The database in ${dir} is already open in this process`);
  await release();
  const again = await lockDataDir(dir);
  await again();
});
