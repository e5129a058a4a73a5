import { css } from '@emotion/react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PlainFrame } from '../layout/plain-frame';
import { passkeyErrorText, signInWithPasskey } from '../session/passkey';
import { useSession } from '../session/session';
import { COLOUR, SPACE } from '../theme/tokens';
import { Button } from '../ui/button';
import { ErrorNote } from '../ui/error-note';
import { Page } from '../ui/page';

/** Where to go after signing in: the console page the operator asked for (kept in the history state, never the address). */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/sign-in')
    ? from
    : '/';
}

/** Sign-in with a passkey: no name or password, the browser offers this site's passkeys. */
export function SignInPage({ reason }: { reason: string | null }) {
  const { api, signedIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const supported = browserSupportsWebAuthn();

  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      const session = await signInWithPasskey(api);
      signedIn(session);
      navigate(returnPath(location.state), { replace: true });
    } catch (failure) {
      setError(passkeyErrorText(failure));
      setBusy(false);
    }
  };

  return (
    <PlainFrame>
      <Page title="Sign in">
        {reason ? <ErrorNote lead="You were signed out" message={reason} /> : null}
        <p>Sign in with the passkey you set up for the Forecourt console on this device or your phone.</p>
        {supported ? (
          <Button tone="primary" busy={busy} onClick={() => void signIn()}>
            {busy ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
          </Button>
        ) : (
          <ErrorNote message="This browser cannot use passkeys. Use a current Chrome, Edge, Firefox or Safari." />
        )}
        {error ? <ErrorNote lead="Not signed in" message={error} /> : null}
        <p
          css={css`
            color: ${COLOUR.muted};
            margin-top: ${SPACE.lg};
          `}
        >
          No passkey yet? An operator makes you an enrollment link; open it on the device that should hold your passkey.
        </p>
      </Page>
    </PlainFrame>
  );
}
