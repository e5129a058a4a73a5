import { css } from '@emotion/react';
import { DANGER, SURFACE, useTenant } from '@forecourt/shared-config';
import { emailSchema, INVALID_EMAIL } from '@forecourt/shared-config/contact';
import { CODE_LENGTH } from '@forecourt/shared-config/identity';
import { storedUserDetails } from '@forecourt/shared-config/leads';
import { usePhoneVerification, type CodeMetadata } from '@forecourt/shared-config/verification';
import { useId, useState, type FormEvent } from 'react';
import { useContactStatus } from '../api/contact-exists';

const field = css`
  display: grid;
  gap: 0.35rem;
  margin-bottom: 1rem;
  label {
    font-weight: 600;
  }
  input {
    font: inherit;
    padding: 0.6rem 0.75rem;
    border: 1px solid ${SURFACE.fieldBorder};
    border-radius: 6px;
    max-width: 20rem;
  }
  input:disabled {
    background: ${SURFACE.fill};
  }
`;
const button = css`
  font: inherit;
  font-weight: 600;
  padding: 0.6rem 1.1rem;
  border-radius: 6px;
  border: 1px solid currentColor;
  background: ${SURFACE.background};
  cursor: pointer;
  &:disabled {
    opacity: 0.6;
    cursor: progress;
  }
`;
const errorText = css`
  margin: 0;
  color: ${DANGER.text};
  font-size: 0.9375rem;
`;

/** A text field of the new contact's details: labelled, optional, its error below it. */
function DetailField({
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  autoComplete: string;
  error?: string | null;
}) {
  const id = useId();
  const errorId = useId();
  return (
    <div css={field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        maxLength={type === 'email' ? 254 : 100}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} role="alert" css={errorText}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Phone, Send Code (then Resend Code), the 6-digit code, Verify: the platform's one-time-code flow
 * (shared-config's usePhoneVerification: states, texts, limits, analytics 36 and 37). On success
 * the session has been read again and `onSignedIn` runs. A number new to the site is also asked
 * for a name and email (optional; sent with the code as the spec's user metadata); a number the
 * site knows is not asked again (`GET /api/check-if-contact-exists`, see its module).
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
  const tenant = useTenant();
  const contact = useContactStatus(phone);
  // Prefilled from a form sent earlier in this tab, as every lead form is.
  const [details, setDetails] = useState(() => {
    const stored = storedUserDetails();
    return { first_name: stored.name ?? '', last_name: stored.last_name ?? '', email: stored.email ?? '' };
  });
  const [emailError, setEmailError] = useState<string | null>(null);
  const asksDetails = contact === 'new' && !sent;

  const metadata = (): CodeMetadata | null => {
    if (contact !== 'new') return {};
    const email = details.email.trim();
    if (email && !emailSchema.safeParse(email).success) {
      setEmailError(INVALID_EMAIL);
      return null;
    }
    setEmailError(null);
    const given = { first_name: details.first_name.trim(), last_name: details.last_name.trim(), email };
    return Object.fromEntries(Object.entries(given).filter(([, value]) => value !== '')) as CodeMetadata;
  };

  const sendCode = async () => {
    const about = metadata();
    if (about === null) return;
    if ((await verification.sendCode(phone, about)) === null) setCode('');
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
    <form
      onSubmit={(event) => void verify(event)}
      noValidate
      css={css`
        label: mf-leads-sign-in;
        margin: 1rem 0;
      `}
    >
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
      </div>
      {asksDetails && (
        <fieldset css={{ border: 0, margin: '0 0 0.5rem', padding: 0 }}>
          <legend
            css={{ padding: 0, margin: '0 0 0.75rem', fontWeight: 600 }}
          >{`New to ${tenant.name}? Tell us who you are (optional).`}</legend>
          <DetailField
            label="First Name (optional)"
            autoComplete="given-name"
            value={details.first_name}
            onChange={(first_name) => setDetails({ ...details, first_name })}
          />
          <DetailField
            label="Last Name (optional)"
            autoComplete="family-name"
            value={details.last_name}
            onChange={(last_name) => setDetails({ ...details, last_name })}
          />
          <DetailField
            label="Email Address (optional)"
            type="email"
            autoComplete="email"
            value={details.email}
            onChange={(email) => setDetails({ ...details, email })}
            error={emailError}
          />
        </fieldset>
      )}
      <div css={{ margin: '-0.5rem 0 1rem' }}>
        <button type="button" css={button} disabled={step === 'sending'} onClick={() => void sendCode()}>
          {step === 'sending' ? 'Sending…' : sent ? 'Resend Code' : 'Send Code'}
        </button>
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
