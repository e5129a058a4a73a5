import fs from 'node:fs/promises';
import path from 'node:path';
import type { ConsoleSessions } from './console-sessions';
import type { OperatorService } from './operator-service';

/** The account `npm start` makes on a fresh data folder, so the demo's CLI works at once. */
export const DEMO_OPERATOR = 'Demo operator';

const BY = 'npm start';

/** Where `npm start` keeps the demo operator's personal token, and the CLI looks for one. */
export function operatorTokenFile(dataDir: string): string {
  return path.join(dataDir, 'operator-token');
}

/**
 * The demo's personal operator token, in `{dataDir}/operator-token` (owner-only), for the CLI and
 * the tests: kept while it still works; else the first operator is made (through the same
 * service as POST /_admin/operators/first) or, when the demo operator exists, given a new token
 * (its file was lost or its token expired). Never in production: there the first operator is
 * made with the shared token (docs/operators.md). Null when another operator runs this platform
 * and no demo operator is left to give a token to.
 */
export async function ensureDemoOperator(operators: OperatorService, dataDir: string): Promise<string | null> {
  const file = operatorTokenFile(dataDir);
  const saved = (await fs.readFile(file, 'utf8').catch(() => '')).trim();
  if (saved && 'operator' in (await operators.authenticate(saved))) return saved;
  let secret: string;
  if (!(await operators.hasOperator())) {
    secret = (await operators.createFirstOperator(DEMO_OPERATOR, BY, 'demo')).secret;
  } else {
    const account = await operators.findAccountByName(DEMO_OPERATOR);
    if (!account?.active || account.role !== 'operator') return null;
    secret = (await operators.issueToken({ accountId: null, name: BY, tokenId: null }, account.id, { label: 'demo' }))
      .secret;
  }
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(file, `${secret}\n`, { mode: 0o600 });
  // A file left by an earlier run keeps its mode through writeFile: set it.
  await fs.chmod(file, 0o600);
  return secret;
}

/**
 * A link that registers a passkey for the demo operator, while it has none: `npm start` prints it
 * so a person can sign in to the console with no other step. Each start makes a new one-time code
 * until a passkey exists; null then, or when no demo operator is left.
 */
export async function demoEnrollmentUrl(operators: OperatorService, sessions: ConsoleSessions): Promise<string | null> {
  const account = await operators.findAccountByName(DEMO_OPERATOR);
  if (!account?.active || (await sessions.hasPasskey(account.id))) return null;
  return (await sessions.issueEnrollment({ accountId: null, name: BY, tokenId: null }, account.id)).url;
}
