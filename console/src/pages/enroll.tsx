import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { css } from '@emotion/react';
import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PlainFrame } from '../layout/plain-frame';
import { enrollPasskey, passkeyErrorText } from '../session/passkey';
import { useSession } from '../session/session';
import { Button } from '../ui/button';
import { ErrorNote } from '../ui/error-note';
import { Page } from '../ui/page';
import { SPACE } from '../theme/tokens';

/**
 * `/enroll#<code>`: the link an operator made for an account. The code is in the fragment, which
 * the browser never sends to a server (no log, no referrer holds it); it is used once, here.
 */
export function EnrollPage() {
  const { api, signedIn } = useSession();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const code = decodeURIComponent(hash.replace(/^#/, '')).trim();
  const labelId = useId();
  const [label, setLabel] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const supported = browserSupportsWebAuthn();

  const enroll = async () => {
    setBusy(true);
    setError(null);
    try {
      const session = await enrollPasskey(api, code, label);
      signedIn(session);
      // Replace: the used link leaves the history, so Back does not offer it again.
      navigate('/', { replace: true });
    } catch (failure) {
      setError(passkeyErrorText(failure));
      setBusy(false);
    }
  };

  return (
    <PlainFrame>
      <Page title="Set up your passkey">
        {!code ? (
          <ErrorNote message="This link has no enrollment code. Open the whole link you were sent, or ask an operator for a new one." />
        ) : (
          <>
            <p>
              This link lets you create a passkey for the Forecourt console on this device (or on your phone, when the
              browser offers it). You will sign in with it from now on. The link works once.
            </p>
            {supported ? (
              <>
                <div
                  css={css`
                    display: flex;
                    flex-direction: column;
                    gap: 0.2rem;
                    margin-bottom: ${SPACE.md};
                  `}
                >
                  <label
                    htmlFor={labelId}
                    css={css`
                      font-weight: 600;
                    `}
                  >
                    Name for this passkey (optional)
                  </label>
                  <input
                    id={labelId}
                    maxLength={100}
                    autoComplete="off"
                    placeholder="e.g. Work laptop"
                    value={label}
                    onChange={(event) => setLabel(event.target.value)}
                  />
                </div>
                <Button tone="primary" busy={busy} onClick={() => void enroll()}>
                  {busy ? 'Waiting for your passkey…' : 'Create my passkey'}
                </Button>
              </>
            ) : (
              <ErrorNote message="This browser cannot create passkeys. Open the link in a current Chrome, Edge, Firefox or Safari." />
            )}
            {error ? <ErrorNote lead="No passkey made" message={error} /> : null}
          </>
        )}
      </Page>
    </PlainFrame>
  );
}
