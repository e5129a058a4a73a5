import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * One process at a time on an embedded database's folder. PGlite takes no lock of its own: a
 * second process opening the same folder (a second `npm start` while one runs, which fails on its
 * port only after opening the database) writes beside the first, and the folder is left unreadable
 * (every later start dies with "Aborted()"). Postgres itself guards its folder with postmaster.pid;
 * this is that rule for the embedded one.
 *
 * A file holding the owner's process id, created exclusively; a file whose process is gone (a
 * crash, a SIGKILL) is taken over at once. Written here rather than with a lock-file package:
 * those judge a lock stale by its age, so a start right after a crash would wait out the stale
 * time, and a busy server that misses a refresh would lose its lock. An embedded folder lives on
 * one machine, where asking whether the process is alive is exact.
 */
const LOCK_FILE = 'forecourt.pid';

/** Folders this process holds: a second open in the same process is refused too. */
const held = new Set<string>();

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export class DataDirInUseError extends Error {}

/** Takes the folder for this process; resolves to the release. Throws `DataDirInUseError` when another live process holds it. */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const resolved = path.resolve(dir);
  if (held.has(resolved)) throw new DataDirInUseError(`The database in ${dir} is already open in this process`);
  const file = path.join(resolved, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await fs.writeFile(file, `${process.pid}\n`, { flag: 'wx' });
      held.add(resolved);
      return async () => {
        held.delete(resolved);
        await fs.rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number.parseInt(await fs.readFile(file, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
      throw new DataDirInUseError(
        `The database in ${dir} is in use by process ${owner}: stop that server first (two processes writing one embedded database would corrupt it)`,
      );
    }
    // Its owner is gone: take it over (another starter may race us here; `wx` decides).
    await fs.rm(file, { force: true });
  }
  throw new DataDirInUseError(`The database in ${dir} could not be locked: another process keeps taking it`);
}
