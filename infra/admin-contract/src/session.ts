import { z } from 'zod';
import { Account } from './operators';

/**
 * The console's passkey sign-in and its session. The WebAuthn options and answers are the
 * browser's (and @simplewebauthn's) JSON: what the server checks of them is described, the rest
 * passes through as it is.
 */

/** `GET /_admin/session`, and the answer of a sign-in or an enrollment: who, and the token every change carries in `x-csrf-token`. */
export const Session = z.object({ account: Account, csrf: z.string() });
export type Session = z.output<typeof Session>;

/** `POST /_admin/session/options`: what `navigator.credentials.get` is asked with. */
export const AuthenticationOptions = z.object({ challenge: z.string().min(1) }).loose();

/** `POST /_admin/session/enroll/options`: what `navigator.credentials.create` is asked with. */
export const RegistrationOptions = z
  .object({
    challenge: z.string().min(1),
    rp: z.object({ name: z.string(), id: z.string().optional() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  })
  .loose();

/** base64url text as WebAuthn sends its binary fields, at most `max` characters. */
const Base64Url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'base64url text');

// spec: an enrollment code is 'fce_' and 32 random bytes, base64url.
export const EnrollmentCode = z
  .string()
  .regex(/^fce_[A-Za-z0-9_-]{43}$/, "an enrollment code: 'fce_' and 43 letters, digits, '-' or '_'");

// Transports kept loose, as browsers add kinds over time; the extensions' results are dropped, as no check reads one.
const Transports = z.array(z.string().min(1).max(32)).max(16);
const ClientExtensionResults = z.object({});
const CredentialId = Base64Url(1024);

/** What `navigator.credentials.create` answers, as the browser's toJSON (or @simplewebauthn/browser) writes it. */
export const RegistrationResponse = z.object({
  id: CredentialId,
  rawId: CredentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64Url(8192),
    attestationObject: Base64Url(65_536),
    transports: Transports.optional(),
    authenticatorData: Base64Url(65_536).optional(),
    publicKey: Base64Url(8192).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ClientExtensionResults,
});

/** What `navigator.credentials.get` answers. */
export const AuthenticationResponse = z.object({
  id: CredentialId,
  rawId: CredentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64Url(8192),
    authenticatorData: Base64Url(65_536),
    signature: Base64Url(8192),
    userHandle: Base64Url(1024)
      .nullish()
      .transform((handle) => handle ?? undefined),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ClientExtensionResults,
});

export const EnrollOptionsBody = z.object({ code: EnrollmentCode }).strict();
export type EnrollOptionsBody = z.input<typeof EnrollOptionsBody>;
export const EnrollBody = z
  .object({ code: EnrollmentCode, response: RegistrationResponse, label: z.string().trim().min(1).max(100).optional() })
  .strict();
export type EnrollBody = z.input<typeof EnrollBody>;
export const SignInBody = z.object({ response: AuthenticationResponse }).strict();
export type SignInBody = z.input<typeof SignInBody>;
