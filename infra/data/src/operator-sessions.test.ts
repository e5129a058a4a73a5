import type { Database } from './database';
import {
  consumeChallenge,
  findEnrollment,
  findSession,
  insertChallenge,
  insertEnrollment,
  insertPasskey,
  insertSession,
  useEnrollment,
} from './operator-sessions';
import { deactivateAccount, hashTokenSecret, insertAccount } from './operators';
import { openTestDatabase, testEngines } from '@forecourt/test-kit/test-database';

const HOUR_MS = 3_600_000;

describe.each(testEngines())('passkeys, enrollment codes, challenges and console sessions on %s', (engine) => {
  let database: Database;
  let names = 0;
  const newAccount = () =>
    insertAccount(database.db, {
      name: `viewer ${engine} ${(names += 1)} ${Date.now()}`,
      role: 'viewer',
      tenants: null,
      createdBy: 'test',
    });
  const now = () => new Date();
  const inAnHour = () => new Date(Date.now() + HOUR_MS);

  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await database.close();
  });

  it('takes a challenge once, on whichever connection asks first', async () => {
    await insertChallenge(database.db, {
      challenge: `c-${engine}-once`,
      purpose: 'sign-in',
      enrollmentId: null,
      expiresAt: inAnHour(),
      now: now(),
    });
    const taken = await Promise.all(
      [1, 2, 3].map(() =>
        consumeChallenge(database.db, {
          challenge: `c-${engine}-once`,
          purpose: 'sign-in',
          enrollmentId: null,
          at: now(),
        }),
      ),
    );
    expect(taken.filter(Boolean)).toHaveLength(1);
  });

  it('refuses a challenge answered for another purpose or another enrollment, or once expired', async () => {
    const account = await newAccount();
    const { enrollment } = await insertEnrollment(database.db, {
      accountId: account.id,
      expiresAt: inAnHour(),
      createdBy: 'test',
    });
    const { enrollment: other } = await insertEnrollment(database.db, {
      accountId: account.id,
      expiresAt: inAnHour(),
      createdBy: 'test',
    });
    const cases = [
      {
        challenge: `c-${engine}-purpose`,
        purpose: 'sign-in',
        enrollmentId: null,
        answeredAs: 'enroll',
        answeredFor: enrollment.id,
        expiresAt: inAnHour(),
      },
      {
        challenge: `c-${engine}-enrollment`,
        purpose: 'enroll',
        enrollmentId: enrollment.id,
        answeredAs: 'enroll',
        answeredFor: other.id,
        expiresAt: inAnHour(),
      },
      {
        challenge: `c-${engine}-expired`,
        purpose: 'sign-in',
        enrollmentId: null,
        answeredAs: 'sign-in',
        answeredFor: null,
        expiresAt: new Date(Date.now() + 50),
      },
    ] as const;
    for (const c of cases)
      await insertChallenge(database.db, {
        challenge: c.challenge,
        purpose: c.purpose,
        enrollmentId: c.enrollmentId,
        expiresAt: c.expiresAt,
        now: now(),
      });
    const at = new Date(Date.now() + 100);
    const taken = await Promise.all(
      cases.map((c) =>
        consumeChallenge(database.db, {
          challenge: c.challenge,
          purpose: c.answeredAs,
          enrollmentId: c.answeredFor,
          at,
        }),
      ),
    );
    expect(taken).toEqual([false, false, false]);
  });

  it('uses an enrollment code once, and never once expired', async () => {
    const account = await newAccount();
    const { enrollment } = await insertEnrollment(database.db, {
      accountId: account.id,
      expiresAt: inAnHour(),
      createdBy: 'test',
    });
    expect(
      await Promise.all([
        useEnrollment(database.db, enrollment.id, now()),
        useEnrollment(database.db, enrollment.id, now()),
      ]),
    ).toEqual(expect.arrayContaining([true, false]));
    const { enrollment: late } = await insertEnrollment(database.db, {
      accountId: account.id,
      expiresAt: new Date(Date.now() - 1000),
      createdBy: 'test',
    });
    expect(await useEnrollment(database.db, late.id, now())).toBe(false);
  });

  it('keeps only the sha-256 of an enrollment code and of a session cookie', async () => {
    const account = await newAccount();
    const { code } = await insertEnrollment(database.db, {
      accountId: account.id,
      expiresAt: inAnHour(),
      createdBy: 'test',
    });
    const { secret, session } = await insertSession(database.db, {
      accountId: account.id,
      passkeyId: null,
      at: now(),
      expiresAt: inAnHour(),
    });
    const enrollmentRows = await database.db
      .selectFrom('operator_enrollments')
      .selectAll()
      .where('account_id', '=', account.id)
      .execute();
    expect(enrollmentRows.map((row) => row.code_hash)).toEqual([hashTokenSecret(code)]);
    expect(session.id).toBe(hashTokenSecret(secret));
    expect(await findEnrollment(database.db, code)).toMatchObject({ account: { id: account.id } });
    expect(await findSession(database.db, secret)).toMatchObject({
      session: { id: session.id },
      account: { id: account.id },
    });
  });

  it('registers a credential once, whoever asks again', async () => {
    const [first, second] = [await newAccount(), await newAccount()];
    const passkey = {
      credentialId: `cred-${engine}`,
      publicKey: 'key',
      counter: 0,
      transports: ['internal'],
      label: 'laptop',
    };
    expect(await insertPasskey(database.db, { ...passkey, accountId: first.id })).toMatchObject({
      accountId: first.id,
      transports: ['internal'],
    });
    expect(await insertPasskey(database.db, { ...passkey, accountId: second.id })).toBeNull();
  });

  it('revokes the sessions and ends the unused codes of an account it deactivates, with its tokens', async () => {
    const account = await newAccount();
    await insertSession(database.db, { accountId: account.id, passkeyId: null, at: now(), expiresAt: inAnHour() });
    const { code } = await insertEnrollment(database.db, {
      accountId: account.id,
      expiresAt: inAnHour(),
      createdBy: 'test',
    });
    const at = now();
    const { revokedSessions } = await deactivateAccount(database.db, account.id, at);
    expect(revokedSessions).toBe(1);
    expect((await findEnrollment(database.db, code))?.enrollment.expiresAt.getTime()).toBe(at.getTime());
  });
});
