import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isProduction, type Config } from './load';

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

/** A secret and, while it is being rotated, the one before it. */
export interface RotatingSecret {
  /** Signs and is handed out. */
  current: string;
  /** Still accepted when checking (signatures made, tokens given before the rotation), never used to sign. */
  previous: string | undefined;
}

/** The install secrets the configuration may give, each with its NAME_PREVIOUS for rotation. */
export type InstallSecretName = 'FORECOURT_IDENTITY_SECRET' | 'FORECOURT_OVERRIDE_SECRET' | 'FORECOURT_ADMIN_TOKEN';

/**
 * An install secret: from the configuration (NAME or the file NAME_FILE names, plus
 * NAME_PREVIOUS while rotating), or, outside production, made once in the data folder (the
 * demo's one-command start). Production never reads a secret from the data folder: its folder
 * is per machine, and every instance of a cluster must share the same secrets.
 */
export async function installSecret(
  config: Config,
  name: InstallSecretName,
  dataDir: string,
  fileName: string,
): Promise<RotatingSecret> {
  const previous = config[`${name}_PREVIOUS`];
  const configured = config[name];
  if (configured !== undefined) return { current: configured, previous };
  if (isProduction(config))
    throw new Error(`${name} is required in production (or ${name}_FILE naming a file that holds it)`);
  return { current: await readOrCreateSecret(dataDir, fileName), previous };
}

/** Whether `given` is the secret or, during a rotation, the previous one; in constant time per candidate. */
export function matchesSecret(given: string, secret: RotatingSecret): boolean {
  const candidate = Buffer.from(given);
  return [secret.current, secret.previous].some((value) => {
    if (value === undefined) return false;
    const expected = Buffer.from(value);
    return candidate.length === expected.length && timingSafeEqual(candidate, expected);
  });
}
