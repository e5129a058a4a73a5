/**
 * The one-time-code flow in the browser, for every form that confirms a phone: mf-leads' sign-in
 * page and mf-finance's finance enquiry. Spec states: code not sent, sending, code sent
 * (verificationSent: the button reads Resend Code and the code field is enabled), verified on
 * submit (verificationSubmitted). Before a code is sent, `POST /api/rate-limit` with the phone (a
 * non-ok answer means too many attempts); the code goes out with the shopper's details as its
 * metadata; 36 is tracked when it is sent and 37 when it is verified. A verified code signs the
 * browser in on this site (the server's session), so the page's session is read again.
 */
import { useCallback, useState } from 'react';
import { apiWrite, refreshSession, track } from '@forecourt/shared-config';
import {
  codeProblem,
  CODE_LENGTH,
  formatPhone,
  INVALID_CODE,
  normalisePhone,
  phoneProblem,
  TOO_MANY_ATTEMPTS,
  type LoginStatus,
} from './identity';

/** Spec analytics: 36 code sent, 37 code verified. */
export const CODE_SENT_EVENT = 36;
export const CODE_VERIFIED_EVENT = 37;
/** Spec: verification send timeout 15000 ms. */
export const SEND_TIMEOUT_MS = 15_000;
/** Spec 'Other' error text, for an answer that is neither a code nor a limit problem. */
export const UNKNOWN_VERIFY_ERROR = 'An unknown error occurred during verification.';
/** Not in the spec: the send failed (no answer in 15 s, the SMS service down). */
export const SEND_FAILED = 'We could not send the code just now. Please try again in a moment.';

export type VerificationStep = 'phone' | 'sending' | LoginStatus | 'verified';

/** Who the code is for, sent with it (spec: 'user metadata first_name, last_name, email, website, dealership_slug'). */
export interface CodeMetadata {
  first_name?: string;
  last_name?: string;
  email?: string;
  dealership_slug?: string;
}

/** Thrown when no answer came (the network, the send timeout): the step's catch shows its own text. */
async function postJson(
  url: string,
  body: unknown,
  timeoutMs?: number,
): Promise<{ ok: boolean; status: number; error: string }> {
  const result = await apiWrite(url, { body, ...(timeoutMs ? { signal: AbortSignal.timeout(timeoutMs) } : {}) });
  if (result.ok) return { ok: true, status: 200, error: '' };
  if (result.status === 0) throw new Error(`${url}: no answer`);
  return { ok: false, status: result.status, error: result.message };
}

/** The server's message without the 'field: ' prefix its 400s carry. */
const plain = (error: string) => error.replace(/^[a-z_.]+: /, '');

export interface PhoneVerification {
  step: VerificationStep;
  /** A code was sent (the code field is enabled, the button reads Resend Code). */
  sent: boolean;
  phoneError: string | null;
  codeError: string | null;
  /** 'We sent a 6-digit code to 04 1234 5678 ...' once sent. */
  notice: string | null;
  /** Checks the phone, asks /api/rate-limit, sends the code: null when it went out, else the text shown. */
  sendCode: (phone: string, metadata?: CodeMetadata) => Promise<string | null>;
  /** Checks the code as typed, verifies it: null when the phone is verified (and signed in), else the text shown. The dealership goes on the verification record. */
  verify: (phone: string, code: string, dealershipSlug?: string) => Promise<string | null>;
  /** Back to 'phone' (the shopper changed the number). */
  reset: () => void;
}

export function usePhoneVerification(): PhoneVerification {
  const [step, setStep] = useState<VerificationStep>('phone');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const sent = step === 'verificationSent' || step === 'verificationSubmitted' || step === 'verified';

  const sendCode = useCallback(
    async (phone: string, metadata: CodeMetadata = {}) => {
      const before: VerificationStep = sent ? 'verificationSent' : 'phone';
      const fail = (error: string) => {
        setPhoneError(error);
        setStep(before);
        return error;
      };
      setNotice(null);
      const problem = phoneProblem(phone);
      if (problem) return fail(problem);
      setPhoneError(null);
      setStep('sending');
      try {
        const normalised = normalisePhone(phone);
        const allowed = await postJson('/api/rate-limit', { phone: normalised });
        if (!allowed.ok) return fail(allowed.status === 429 ? TOO_MANY_ATTEMPTS : plain(allowed.error) || SEND_FAILED);
        const answer = await postJson('/api/auth/send-code', { phone: normalised, ...metadata }, SEND_TIMEOUT_MS);
        if (!answer.ok) return fail(answer.status === 429 ? TOO_MANY_ATTEMPTS : plain(answer.error) || SEND_FAILED);
        void track(CODE_SENT_EVENT, {});
        setCodeError(null);
        setNotice(`We sent a ${CODE_LENGTH}-digit code to ${formatPhone(phone)}. It expires in 10 minutes.`);
        setStep('verificationSent');
        return null;
      } catch {
        return fail(SEND_FAILED);
      }
    },
    [sent],
  );

  const verify = useCallback(async (phone: string, code: string, dealershipSlug?: string) => {
    const fail = (error: string) => {
      setCodeError(error);
      setStep('verificationSent');
      return error;
    };
    const problem = codeProblem(code);
    if (problem) {
      setCodeError(problem);
      return problem;
    }
    setCodeError(null);
    setStep('verificationSubmitted');
    try {
      const answer = await postJson('/api/auth/verify-code', {
        phone: normalisePhone(phone),
        code: code.trim(),
        ...(dealershipSlug ? { dealership_slug: dealershipSlug } : {}),
      });
      if (!answer.ok)
        return fail(
          answer.status === 429
            ? TOO_MANY_ATTEMPTS
            : answer.status === 400
              ? plain(answer.error) || INVALID_CODE
              : UNKNOWN_VERIFY_ERROR,
        );
      void track(CODE_VERIFIED_EVENT, {});
      await refreshSession();
      setStep('verified');
      return null;
    } catch {
      return fail(UNKNOWN_VERIFY_ERROR);
    }
  }, []);

  const reset = useCallback(() => {
    setStep('phone');
    setPhoneError(null);
    setCodeError(null);
    setNotice(null);
  }, []);

  return { step, sent, phoneError, codeError, notice, sendCode, verify, reset };
}
