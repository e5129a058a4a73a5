import fs from 'node:fs/promises';
import type { Database } from '@forecourt/data/database';
import { tempDir } from '@forecourt/test-kit/fake-build';
import { openTestDatabase } from '@forecourt/test-kit/test-database';
import { insertPasskey } from '@forecourt/data/operator-sessions';
import { ConsoleSessions } from './console-sessions';
import { DEMO_OPERATOR, demoEnrollmentUrl, ensureDemoOperator, operatorTokenFile } from './demo-operator';
import { OperatorService } from './operator-service';

let database: Database;
let operators: OperatorService;
let dataDir: string;

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  operators = new OperatorService(database.db, ['summit-auto-group']);
  dataDir = await tempDir();
});
afterAll(async () => {
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const whoHolds = async (secret: string | null) => {
  const result = await operators.authenticate(secret ?? '');
  return 'operator' in result ? result.operator.name : result.refused;
};

describe('the demo operator', () => {
  it('is made on a fresh data folder, its token written for the owner only', async () => {
    const secret = await ensureDemoOperator(operators, dataDir);
    expect(await whoHolds(secret)).toBe(DEMO_OPERATOR);
    expect((await fs.readFile(operatorTokenFile(dataDir), 'utf8')).trim()).toBe(secret);
    expect((await fs.stat(operatorTokenFile(dataDir))).mode & 0o777).toBe(0o600);
  });

  it('keeps a token that still works across starts', async () => {
    const first = await ensureDemoOperator(operators, dataDir);
    expect(await ensureDemoOperator(operators, dataDir)).toBe(first);
  });

  it('gets a new token when its file is lost, and stays the one operator', async () => {
    await fs.rm(operatorTokenFile(dataDir));
    const secret = await ensureDemoOperator(operators, dataDir);
    expect(await whoHolds(secret)).toBe(DEMO_OPERATOR);
    expect((await operators.listAccounts()).map((account) => account.name)).toEqual([DEMO_OPERATOR]);
  });
});

describe("the demo operator's passkey", () => {
  it('gets an enrollment link at each start until it has a passkey, then none', async () => {
    await ensureDemoOperator(operators, dataDir);
    const sessions = new ConsoleSessions(database.db, 'http://console.localhost:8080');
    expect(await demoEnrollmentUrl(operators, sessions)).toMatch(/^http:\/\/console\.localhost:8080\/enroll#fce_/);
    const account = await operators.findAccountByName(DEMO_OPERATOR);
    await insertPasskey(database.db, {
      accountId: account?.id ?? 0,
      credentialId: 'demo-passkey',
      publicKey: 'key',
      counter: 0,
      transports: [],
      label: 'laptop',
    });
    expect(await demoEnrollmentUrl(operators, sessions)).toBeNull();
  });
});
