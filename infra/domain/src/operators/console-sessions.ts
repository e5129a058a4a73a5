import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import { COSEALG, isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import type { Kysely } from 'kysely';
import {
  consumeChallenge,
  findEnrollment,
  findPasskey,
  findSession,
  insertChallenge,
  insertEnrollment,
  insertPasskey,
  insertSession,
  listPasskeys,
  markPasskeyUsed,
  revokeSession,
  touchSession,
  useEnrollment,
  type ConsoleSession,
  type OperatorEnrollment,
  type OperatorPasskey,
} from '@forecourt/data/operator-sessions';
import {
  getAccount,
  OperatorChangeError,
  recordAudit,
  type NewAuditEntry,
  type OperatorAccount,
} from '@forecourt/data/operators';
import type { PlatformTables } from '@forecourt/data/schema';
import { actorOf, type Actor, type Operator } from './operator-service';

/** The console session's cookie: `__Host-` makes the browser refuse it unless Secure, Path=/ and without Domain. */
export const CONSOLE_COOKIE = '__Host-forecourt-console';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** How long things last, in one place (docs/operators.md). */
export const CONSOLE_TIMES = {
  /** A session nobody used for this long is over. */
  idleMs: 12 * HOUR_MS,
  /** A session is over this long after its sign-in, used or not. */
  absoluteMs: 7 * 24 * HOUR_MS,
  /** An enrollment code's life (it registers one passkey). */
  enrollmentMs: 24 * HOUR_MS,
  /** How long a browser has to answer a challenge (the authenticator's prompt included). */
  challengeMs: 5 * MINUTE_MS,
  /** A session's last use is written at most this often: the console polls every few seconds. */
  touchMs: MINUTE_MS,
} as const;

// ES256 first: every platform authenticator and security key has it.
const ALGORITHMS = [COSEALG.ES256, COSEALG.EdDSA, COSEALG.RS256];

/** A started session: the cookie's secret (shown once) and what the console keeps. */
export interface StartedSession {
  account: OperatorAccount;
  session: ConsoleSession;
  secret: string;
}

/** Why a sign-in, an enrollment or a session was refused; the account when the attempt named one. */
export interface Refusal {
  refused: string;
  account?: OperatorAccount;
  sessionId?: string;
}

export type SessionAuthentication = { operator: Operator; session: ConsoleSession } | Refusal;

/** An error message of the WebAuthn library, short enough for an answer and the audit (it can quote the sender's input). */
function why(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > 200 ? `${message.slice(0, 197)}...` : message;
}

class AlreadyRegistered extends Error {}

const publicPasskey = (passkey: OperatorPasskey) => ({
  id: passkey.id,
  label: passkey.label,
  credentialId: passkey.credentialId,
});
const publicSession = (session: ConsoleSession) => ({ id: session.id, expiresAt: session.expiresAt });

/**
 * Passkey sign-in to the operator console and its sessions: enrollment codes, the WebAuthn
 * ceremonies (the challenges kept in the database, so an answer may reach any instance), and the
 * sessions the console's cookie names. Every sign-in, enrollment and sign-out is audited here,
 * and every refusal of one that names an account, with the person's name.
 */
export class ConsoleSessions {
  readonly rpID: string;

  constructor(
    private readonly db: Kysely<PlatformTables>,
    readonly origin: string,
    private readonly clock: () => Date = () => new Date(),
  ) {
    // Passkeys belong to a host name (WebAuthn's relying party id): the console's.
    this.rpID = new URL(origin).hostname;
  }

  private async audit(entry: NewAuditEntry): Promise<void> {
    await recordAudit(this.db, entry);
  }

  /**
   * A refused ceremony. One that names an account (a known passkey, a real enrollment code) is
   * audited with the person's name. One that names nobody (an unknown passkey, a guessed code)
   * is not: anyone who reaches the console's host can send those, and a permanent row each would
   * let a stranger make the audit grow at will (about 90 rows a minute an address). They are
   * counted instead, by route and status, in `/metrics` (forecourt_http_requests_total), and the
   * request log keeps each one, as for an unknown session cookie.
   */
  private async refuse(action: string, reason: string, account?: OperatorAccount): Promise<Refusal> {
    if (account)
      await this.audit({
        accountId: account.id,
        accountName: account.name,
        tokenId: null,
        action,
        outcome: 'refused',
        reason,
      });
    return { refused: reason, ...(account ? { account } : {}) };
  }

  async hasPasskey(accountId: number): Promise<boolean> {
    return (await listPasskeys(this.db, accountId)).length > 0;
  }

  /** Where the person opens the code: the console's enroll page, the code after '#' so it never reaches a server's log. */
  enrollmentUrl(code: string): string {
    return `${this.origin}/enroll#${code}`;
  }

  /** A one-time code (24 hours) that registers a passkey for an active account. */
  async issueEnrollment(
    actor: Actor,
    accountId: number,
  ): Promise<{ enrollment: OperatorEnrollment; code: string; url: string }> {
    const account = await getAccount(this.db, accountId);
    if (!account) throw new OperatorChangeError(`No account ${accountId}`, 'not-found', 'id');
    if (!account.active) throw new OperatorChangeError(`${account.name} is deactivated`, 'conflict', 'id');
    const expiresAt = new Date(this.clock().getTime() + CONSOLE_TIMES.enrollmentMs);
    const issued = await insertEnrollment(this.db, { accountId, expiresAt, createdBy: actor.name });
    await this.audit({
      ...actorOf(actor),
      action: 'enrollments.create',
      outcome: 'allowed',
      after: { account: { id: account.id, name: account.name }, enrollment: issued.enrollment },
    });
    return { ...issued, url: this.enrollmentUrl(issued.code) };
  }

  /** The enrollment a code opens, or why it opens none. */
  private async openEnrollment(
    code: string,
  ): Promise<{ enrollment: OperatorEnrollment; account: OperatorAccount } | Refusal> {
    const found = await findEnrollment(this.db, code);
    if (!found) return this.refuse('passkeys.enroll', 'unknown enrollment code');
    const { enrollment, account } = found;
    if (!account.active) return this.refuse('passkeys.enroll', 'the account is deactivated', account);
    if (enrollment.usedAt)
      return this.refuse(
        'passkeys.enroll',
        `the enrollment code was used on ${enrollment.usedAt.toISOString()}`,
        account,
      );
    if (enrollment.expiresAt <= this.clock())
      return this.refuse(
        'passkeys.enroll',
        `the enrollment code expired on ${enrollment.expiresAt.toISOString()}`,
        account,
      );
    return found;
  }

  private async challengeFor(
    purpose: 'enroll' | 'sign-in',
    challenge: string,
    enrollmentId: number | null,
  ): Promise<void> {
    const now = this.clock();
    await insertChallenge(this.db, {
      challenge,
      purpose,
      enrollmentId,
      now,
      expiresAt: new Date(now.getTime() + CONSOLE_TIMES.challengeMs),
    });
  }

  /** What the browser's `navigator.credentials.create` needs to make a passkey for the code's account. */
  async enrollmentOptions(code: string): Promise<PublicKeyCredentialCreationOptionsJSON | Refusal> {
    const opened = await this.openEnrollment(code);
    if ('refused' in opened) return opened;
    const { enrollment, account } = opened;
    const options = await generateRegistrationOptions({
      rpName: 'Forecourt console',
      rpID: this.rpID,
      userName: account.name,
      userDisplayName: account.name,
      // The account's id, not its name: an authenticator keeps one passkey per user of a site, and names change.
      userID: isoUint8Array.fromUTF8String(`forecourt-operator-${account.id}`),
      attestationType: 'none',
      // Discoverable, so signing in needs no name typed; verified (a PIN or a fingerprint), as the account's key to the platform.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: (await listPasskeys(this.db, account.id)).map((passkey) => ({
        id: passkey.credentialId,
        transports: passkey.transports,
      })),
      supportedAlgorithmIDs: ALGORITHMS,
      timeout: CONSOLE_TIMES.challengeMs,
    });
    await this.challengeFor('enroll', options.challenge, enrollment.id);
    return options;
  }

  /** Registers the passkey the browser made for the code's account, uses the code up, and signs the person in. */
  async enroll(
    code: string,
    response: RegistrationResponseJSON,
    label: string | undefined,
  ): Promise<StartedSession | Refusal> {
    const opened = await this.openEnrollment(code);
    if ('refused' in opened) return opened;
    const { enrollment, account } = opened;
    let credential: WebAuthnCredential;
    try {
      const verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: (challenge) =>
          consumeChallenge(this.db, { challenge, purpose: 'enroll', enrollmentId: enrollment.id, at: this.clock() }),
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        requireUserVerification: true,
        supportedAlgorithmIDs: ALGORITHMS,
      });
      if (!verified.verified) return this.refuse('passkeys.enroll', 'the passkey was not verified', account);
      credential = verified.registrationInfo.credential;
    } catch (error) {
      return this.refuse('passkeys.enroll', `the passkey was not verified: ${why(error)}`, account);
    }
    const now = this.clock();
    let started: { passkey: OperatorPasskey; session: ConsoleSession; secret: string } | null;
    try {
      started = await this.db.transaction().execute(async (trx) => {
        // One passkey per code, even when two answers arrive at once.
        if (!(await useEnrollment(trx, enrollment.id, now))) return null;
        const passkey = await insertPasskey(trx, {
          accountId: account.id,
          credentialId: credential.id,
          publicKey: isoBase64URL.fromBuffer(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ?? [],
          label: label ?? `passkey of ${now.toISOString().slice(0, 10)}`,
        });
        // Rolls the code's use back: the person can still register another authenticator with it.
        if (!passkey) throw new AlreadyRegistered();
        return {
          passkey,
          ...(await insertSession(trx, {
            accountId: account.id,
            passkeyId: passkey.id,
            at: now,
            expiresAt: new Date(now.getTime() + CONSOLE_TIMES.absoluteMs),
          })),
        };
      });
    } catch (error) {
      if (error instanceof AlreadyRegistered)
        return this.refuse('passkeys.enroll', 'this passkey is registered already: sign in with it', account);
      throw error;
    }
    if (!started) return this.refuse('passkeys.enroll', 'the enrollment code was used meanwhile', account);
    await this.audit({
      accountId: account.id,
      accountName: account.name,
      tokenId: null,
      sessionId: started.session.id,
      action: 'passkeys.enroll',
      outcome: 'allowed',
      after: { passkey: publicPasskey(started.passkey), session: publicSession(started.session) },
    });
    return { account, session: started.session, secret: started.secret };
  }

  /** What the browser's `navigator.credentials.get` needs: any passkey of this console (discoverable), no name asked. */
  async signInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const options = await generateAuthenticationOptions({
      rpID: this.rpID,
      userVerification: 'required',
      timeout: CONSOLE_TIMES.challengeMs,
    });
    await this.challengeFor('sign-in', options.challenge, null);
    return options;
  }

  /** Checks a passkey's answer and starts a session for its account. */
  async signIn(response: AuthenticationResponseJSON): Promise<StartedSession | Refusal> {
    const found = await findPasskey(this.db, response.id);
    if (!found) return this.refuse('session.sign-in', 'unknown passkey');
    const { passkey, account } = found;
    if (!account.active) return this.refuse('session.sign-in', 'the account is deactivated', account);
    let newCounter: number;
    try {
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: (challenge) =>
          consumeChallenge(this.db, { challenge, purpose: 'sign-in', enrollmentId: null, at: this.clock() }),
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: isoBase64URL.toBuffer(passkey.publicKey),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: true,
      });
      if (!verified.verified)
        return this.refuse('session.sign-in', `passkey '${passkey.label}' was not verified`, account);
      newCounter = verified.authenticationInfo.newCounter;
    } catch (error) {
      return this.refuse('session.sign-in', `passkey '${passkey.label}' was not verified: ${why(error)}`, account);
    }
    const now = this.clock();
    await markPasskeyUsed(this.db, passkey.id, newCounter, now);
    const { session, secret } = await insertSession(this.db, {
      accountId: account.id,
      passkeyId: passkey.id,
      at: now,
      expiresAt: new Date(now.getTime() + CONSOLE_TIMES.absoluteMs),
    });
    await this.audit({
      accountId: account.id,
      accountName: account.name,
      tokenId: null,
      sessionId: session.id,
      action: 'session.sign-in',
      outcome: 'allowed',
      after: { passkey: publicPasskey(passkey), session: publicSession(session) },
    });
    return { account, session, secret };
  }

  /**
   * The caller a session cookie's secret signs in, or why it signs in nobody. Not audited here:
   * the admin API audits a refused session it can name (admin-auth.ts).
   */
  async authenticate(secret: string): Promise<SessionAuthentication> {
    const found = await findSession(this.db, secret);
    if (!found) return { refused: 'unknown session' };
    const { session, account } = found;
    const refused = (reason: string): Refusal => ({ refused: reason, account, sessionId: session.id });
    if (!account.active) return refused('the account is deactivated');
    if (session.revokedAt) return refused(`the session ended on ${session.revokedAt.toISOString()}`);
    const now = this.clock();
    if (session.expiresAt <= now)
      return refused(
        `the session expired on ${session.expiresAt.toISOString()} (sessions last ${CONSOLE_TIMES.absoluteMs / (24 * HOUR_MS)} days)`,
      );
    if (session.lastSeenAt.getTime() + CONSOLE_TIMES.idleMs <= now.getTime())
      return refused(`the session was not used for ${CONSOLE_TIMES.idleMs / HOUR_MS} hours`);
    return {
      operator: {
        accountId: account.id,
        name: account.name,
        tokenId: null,
        sessionId: session.id,
        role: account.role,
        tenants: account.tenants,
      },
      session,
    };
  }

  /** Notes that the session was used (what its idle end counts from), at most once a minute. */
  async touch(session: ConsoleSession): Promise<void> {
    const now = this.clock();
    if (now.getTime() - session.lastSeenAt.getTime() >= CONSOLE_TIMES.touchMs)
      await touchSession(this.db, session.id, now);
  }

  /** Ends the caller's session (signing out). */
  async signOut(operator: Operator, session: ConsoleSession): Promise<void> {
    await revokeSession(this.db, session.id, this.clock());
    await this.audit({
      ...actorOf(operator),
      action: 'session.sign-out',
      outcome: 'allowed',
      before: publicSession(session),
    });
  }
}
