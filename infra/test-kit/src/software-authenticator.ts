import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** One passkey the authenticator holds: a P-256 key for one site and one user of it. */
export interface SoftwarePasskey {
  /** base64url, as the site names it. */
  id: string;
  rpId: string;
  /** The site's user handle (base64url), given back on sign-in as a discoverable passkey does. */
  userHandle: string;
  privateKey: KeyObject;
  signCount: number;
}

const FLAG = { userPresent: 0x01, userVerified: 0x04, attestedCredentialData: 0x40 } as const;
// COSE: key type EC2, algorithm ES256, curve P-256, then the point's x and y.
const COSE = { kty: 1, alg: 3, crv: -1, x: -2, y: -3, EC2: 2, ES256: -7, P256: 1 } as const;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const base64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');
const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/**
 * A passkey authenticator in software, for tests: what a browser's `navigator.credentials.create`
 * and `.get` answer (as their JSON), made with node's crypto: an ES256 key, 'none' attestation,
 * discoverable passkeys kept per site. Options let a test be the browser of another origin, an
 * authenticator that does not verify its user, or one that counts its signatures.
 */
export class SoftwareAuthenticator {
  readonly passkeys: SoftwarePasskey[] = [];
  /** Every answer `create` gave, oldest first (the fuzz replays one). */
  readonly registrations: RegistrationResponseJSON[] = [];

  constructor(
    private readonly origin: string,
    private readonly options: { userVerified?: boolean; countsSignatures?: boolean } = {},
  ) {}

  private flags(extra = 0): number {
    return FLAG.userPresent | (this.options.userVerified === false ? 0 : FLAG.userVerified) | extra;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }), 'utf8');
  }

  /** A new passkey for the options' site and user (refused, as a browser refuses, when the site lists one it holds as excluded). */
  create(options: PublicKeyCredentialCreationOptionsJSON): RegistrationResponseJSON {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const excluded = new Set((options.excludeCredentials ?? []).map((credential) => credential.id));
    if (this.passkeys.some((passkey) => passkey.rpId === rpId && excluded.has(passkey.id)))
      throw new Error('InvalidStateError: this authenticator holds an excluded passkey');
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [COSE.kty, COSE.EC2],
        [COSE.alg, COSE.ES256],
        [COSE.crv, COSE.P256],
        [COSE.x, Buffer.from(jwk.x ?? '', 'base64url')],
        [COSE.y, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const credentialId = randomBytes(32);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(credentialId.length);
    // rpIdHash, flags, signature count, then the attested credential: AAGUID (none), id length, id, key.
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(FLAG.attestedCredentialData)]),
      uint32(0),
      Buffer.alloc(16),
      length,
      credentialId,
      coseKey,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, never>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', authData],
      ]),
    );
    const id = base64url(credentialId);
    this.passkeys.push({ id, rpId, userHandle: options.user.id, privateKey, signCount: 0 });
    const registration: RegistrationResponseJSON = {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: base64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: base64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
    this.registrations.push(registration);
    return registration;
  }

  /** A signed answer to the options' challenge with a passkey of their site (the first, or the one given). */
  get(options: PublicKeyCredentialRequestOptionsJSON, passkey?: SoftwarePasskey): AuthenticationResponseJSON {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const chosen = passkey ?? this.passkeys.find((candidate) => candidate.rpId === rpId);
    if (!chosen) throw new Error(`NotAllowedError: no passkey for ${rpId}`);
    // Synced passkeys leave the counter at 0; a security key counts up.
    if (this.options.countsSignatures) chosen.signCount += 1;
    const authData = Buffer.concat([sha256(rpId), Buffer.from([this.flags()]), uint32(chosen.signCount)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), chosen.privateKey);
    return {
      id: chosen.id,
      rawId: chosen.id,
      type: 'public-key',
      response: {
        clientDataJSON: base64url(clientDataJSON),
        authenticatorData: base64url(authData),
        signature: base64url(signature),
        userHandle: chosen.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
