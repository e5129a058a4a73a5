import { startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import { AuthenticationOptions, RegistrationOptions, Session } from '@forecourt/admin-contract';
import type { ApiClient } from '../api/client';

/**
 * What the browser's passkey prompt said, in words an operator can act on. A cancelled or timed
 * out prompt is the usual case and is said as such; anything else keeps the browser's message.
 */
export function passkeyErrorText(error: unknown): string {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_CEREMONY_ABORTED') return 'The passkey prompt was closed before it finished.';
    return error.message;
  }
  if (error instanceof Error && error.name === 'NotAllowedError')
    return `The passkey prompt was cancelled or timed out (${error.message})`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Signs in with a passkey: the server's challenge (`POST /_admin/session/options`), the
 * browser's prompt for any of this site's passkeys (no name typed), then the signed answer
 * (`POST /_admin/session`), which starts the session.
 */
export async function signInWithPasskey(api: ApiClient): Promise<Session> {
  const optionsJSON = await api.send(AuthenticationOptions, 'POST', '/_admin/session/options', {});
  const response = await startAuthentication({ optionsJSON });
  return api.send(Session, 'POST', '/_admin/session', { response });
}

/**
 * Registers this device's passkey with a one-use enrollment code, which starts a session too
 * (`POST /_admin/session/enroll/options`, then `POST /_admin/session/enroll`). `label` names the
 * passkey in the account's list (e.g. 'Work laptop'); none when blank.
 */
export async function enrollPasskey(api: ApiClient, code: string, label: string): Promise<Session> {
  const optionsJSON = await api.send(RegistrationOptions, 'POST', '/_admin/session/enroll/options', { code });
  const response = await startRegistration({ optionsJSON });
  return api.send(Session, 'POST', '/_admin/session/enroll', {
    code,
    response,
    ...(label.trim() ? { label: label.trim() } : {}),
  });
}
