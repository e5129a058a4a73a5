import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret of this install (the admin token, the identity key), kept in a file of the data dir
 * readable by its owner only: whoever can read the data dir owns the platform anyway, and nobody
 * else can read it. Made on first use.
 */
export async function readOrCreateSecret(dataDir: string, name: string): Promise<string> {
  const file = path.join(dataDir, name);
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  try {
    // 'wx': when two processes start at once, the first one's secret wins and both read it.
    await fs.writeFile(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await fs.readFile(file, 'utf8')).trim();
    throw error;
  }
}
