import { css } from '@emotion/react';
import { refreshSession, track } from '@forecourt/shared-config';
import { codeProblem, CODE_LENGTH, formatPhone, INVALID_CODE, normalisePhone, phoneProblem, TOO_MANY_ATTEMPTS, type LoginStatus } from '@forecourt/shared-config/identity';
import { useId, useState, type FormEvent } from 'react';

/** Spec analytics: 36 code sent, 37 code verified. */
export const CODE_SENT_EVENT = 36;
export const CODE_VERIFIED_EVENT = 37;
/** Spec: verification send timeout 15000 ms. */
const SEND_TIMEOUT_MS = 15_000;
/** Spec 'Other' error text, for an answer that is neither a code nor a limit problem. */
const UNKNOWN_VERIFY_ERROR = 'An unknown error occurred during verification.';

type Step = { name: 'phone' | 'sending' | LoginStatus | 'signed-in' };

async function postJson(url: string, body: unknown, timeoutMs?: number): Promise<{ ok: boolean; status: number; error: string | null }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
    signal: timeoutMs ? AbortSignal.timeout(timeoutMs) : null,
  });
  const answer = (await response.json().catch(() => null)) as { error?: string } | null;
  return { ok: response.ok, status: response.status, error: answer?.error ?? null };
}

/** The server's message without the 'field: ' prefix its 400s carry. */
const plain = (error: string | null) => (error ?? '').replace(/^[a-z_.]+: /, '');

const field = css`display: grid; gap: 0.35rem; margin-bottom: 1rem; label { font-weight: 600; } input { font: inherit; padding: 0.6rem 0.75rem; border: 1px solid #98a2b3; border-radius: 6px; max-width: 20rem; } input:disabled { background: #f2f4f7; }`;
const button = css`font: inherit; font-weight: 600; padding: 0.6rem 1.1rem; border-radius: 6px; border: 1px solid currentColor; background: #fff; cursor: pointer; &:disabled { opacity: 0.6; cursor: progress; }`;
const errorText = css`margin: 0; color: #b42318; font-size: 0.9375rem;`;

/**
 * Phone, Send Code (then Resend Code), the 6-digit code, Verify. Spec states: code not sent,
 * sending, code sent (verificationSent: the code field enabled), verified on submit
 * (verificationSubmitted). On success the session is read again and `onSignedIn` runs.
 */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const phoneId = useId();
  const codeId = useId();
  const phoneErrorId = useId();
  const codeErrorId = useId();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<Step>({ name: 'phone' });
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const sent = step.name === 'verificationSent' || step.name === 'verificationSubmitted';

  const sendCode = async () => {
    const problem = phoneProblem(phone);
    setPhoneError(problem);
    setNotice(null);
    if (problem) return;
    setStep({ name: 'sending' });
    try {
      const answer = await postJson('/api/auth/send-code', { phone: normalisePhone(phone) }, SEND_TIMEOUT_MS);
      if (!answer.ok) {
        setPhoneError(answer.status === 429 ? TOO_MANY_ATTEMPTS : plain(answer.error) || 'We could not send the code just now. Please try again in a moment.');
        setStep({ name: sent ? 'verificationSent' : 'phone' });
        return;
      }
      void track(CODE_SENT_EVENT, {});
      setCode('');
      setCodeError(null);
      setNotice(`We sent a ${CODE_LENGTH}-digit code to ${formatPhone(phone)}. It expires in 10 minutes.`);
      setStep({ name: 'verificationSent' });
    } catch {
      setPhoneError('We could not send the code just now. Please try again in a moment.');
      setStep({ name: sent ? 'verificationSent' : 'phone' });
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!sent) {
      await sendCode();
      return;
    }
    const problem = codeProblem(code);
    setCodeError(problem);
    if (problem) return;
    setStep({ name: 'verificationSubmitted' });
    try {
      const answer = await postJson('/api/auth/verify-code', { phone: normalisePhone(phone), code: code.trim() });
      if (!answer.ok) {
        setCodeError(answer.status === 429 ? TOO_MANY_ATTEMPTS : answer.status === 400 ? plain(answer.error) || INVALID_CODE : UNKNOWN_VERIFY_ERROR);
        setStep({ name: 'verificationSent' });
        return;
      }
      void track(CODE_VERIFIED_EVENT, {});
      await refreshSession();
      setStep({ name: 'signed-in' });
      onSignedIn();
    } catch {
      setCodeError(UNKNOWN_VERIFY_ERROR);
      setStep({ name: 'verificationSent' });
    }
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
          <button type="button" css={button} disabled={step.name === 'sending'} onClick={() => void sendCode()}>
            {step.name === 'sending' ? 'Sending…' : sent ? 'Resend Code' : 'Send Code'}
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
      <button type="submit" css={button} disabled={!sent || step.name === 'verificationSubmitted'}>
        {step.name === 'verificationSubmitted' ? 'Checking…' : 'Verify and sign in'}
      </button>
    </form>
  );
}
