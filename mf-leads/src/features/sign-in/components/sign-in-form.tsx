import { css } from '@emotion/react';
import { DANGER, SURFACE } from '@forecourt/shared-config';
import { CODE_LENGTH } from '@forecourt/shared-config/identity';
import { usePhoneVerification } from '@forecourt/shared-config/verification';
import { useId, useState, type FormEvent } from 'react';

const field = css`display: grid; gap: 0.35rem; margin-bottom: 1rem; label { font-weight: 600; } input { font: inherit; padding: 0.6rem 0.75rem; border: 1px solid ${SURFACE.fieldBorder}; border-radius: 6px; max-width: 20rem; } input:disabled { background: ${SURFACE.fill}; }`;
const button = css`font: inherit; font-weight: 600; padding: 0.6rem 1.1rem; border-radius: 6px; border: 1px solid currentColor; background: ${SURFACE.background}; cursor: pointer; &:disabled { opacity: 0.6; cursor: progress; }`;
const errorText = css`margin: 0; color: ${DANGER.text}; font-size: 0.9375rem;`;

/**
 * Phone, Send Code (then Resend Code), the 6-digit code, Verify: the platform's one-time-code flow
 * (shared-config's usePhoneVerification: states, texts, limits, analytics 36 and 37). On success
 * the session has been read again and `onSignedIn` runs.
 */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const phoneId = useId();
  const codeId = useId();
  const phoneErrorId = useId();
  const codeErrorId = useId();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const verification = usePhoneVerification();
  const { step, sent, phoneError, codeError, notice } = verification;

  const sendCode = async () => {
    if ((await verification.sendCode(phone)) === null) setCode('');
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!sent) {
      await sendCode();
      return;
    }
    if ((await verification.verify(phone, code)) === null) onSignedIn();
  };

  return (
    <form onSubmit={(event) => void verify(event)} noValidate css={css`label: mf-leads-sign-in; margin: 1rem 0;`}>
      <div css={field}>
        <label htmlFor={phoneId}>Mobile number</label>
        <input
          id={phoneId}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="04XX XXX XXX"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          aria-invalid={phoneError ? true : undefined}
          aria-describedby={phoneError ? phoneErrorId : undefined}
        />
        {phoneError && (
          <p id={phoneErrorId} role="alert" css={errorText}>
            {phoneError}
          </p>
        )}
        <div>
          <button type="button" css={button} disabled={step === 'sending'} onClick={() => void sendCode()}>
            {step === 'sending' ? 'Sending…' : sent ? 'Resend Code' : 'Send Code'}
          </button>
        </div>
      </div>
      {notice && (
        <p role="status" css={{ margin: '0 0 1rem' }}>
          {notice}
        </p>
      )}
      <div css={field}>
        <label htmlFor={codeId}>Verification code</label>
        <input
          id={codeId}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          value={code}
          disabled={!sent}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          aria-invalid={codeError ? true : undefined}
          aria-describedby={codeError ? codeErrorId : undefined}
        />
        {codeError && (
          <p id={codeErrorId} role="alert" css={errorText}>
            {codeError}
          </p>
        )}
      </div>
      <button type="submit" css={button} disabled={!sent || step === 'verificationSubmitted'}>
        {step === 'verificationSubmitted' ? 'Checking…' : 'Verify and sign in'}
      </button>
    </form>
  );
}
