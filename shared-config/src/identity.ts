/**
 * Sign-in by phone with a one-time code: the rules both the browser (mf-leads' sign-in page,
 * the watchlist controls) and the server (infra's identity routes) apply, written once.
 */

/** Spec: 'Too many verification attempts. Please try again later.' */
export const TOO_MANY_ATTEMPTS = 'Too many verification attempts. Please try again later.';
/** Spec: 'The verification code is invalid. Please try again.' */
export const INVALID_CODE = 'The verification code is invalid. Please try again.';
/** Spec: code field required. */
export const CODE_REQUIRED = 'This is a required field.';
/** Spec: code length 6, 'Code must be 6 digits.' */
export const CODE_LENGTH_MESSAGE = 'Code must be 6 digits.';
export const CODE_LENGTH = 6;
/** Not in the spec: a shopper who waited too long is told so, rather than that the code is wrong. */
export const CODE_EXPIRED = 'This code has expired. Please send a new code.';
/** Not in the spec: the phone check before a code is sent. */
export const INVALID_MOBILE = 'Please enter a valid Australian mobile number, e.g. 0412 345 678.';

/** Spec: login status values. */
export type LoginStatus = 'verificationSent' | 'verificationSubmitted';

/**
 * Spec: "Phone normalised: digits only, a leading 61 becomes 0." ('+61 412 345 678' and
 * '0412-345-678' are both '0412345678'.)
 */
export function normalisePhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  return digits.startsWith('61') ? `0${digits.slice(2)}` : digits;
}

/** Spec: "Display groups digits 2-4-4 and turns +61 into 0" ('0412345678' -> '04 1234 5678'). */
export function formatPhone(input: string): string {
  const digits = normalisePhone(input);
  return [digits.slice(0, 2), digits.slice(2, 6), digits.slice(6, 10)].filter(Boolean).join(' ') + digits.slice(10);
}

/** What is wrong with a code as typed (spec texts), or null: required, then exactly 6 digits. */
export function codeProblem(value: string): string | null {
  const code = value.trim();
  if (code === '') return CODE_REQUIRED;
  if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code)) return CODE_LENGTH_MESSAGE;
  return null;
}

/** What is wrong with a phone as typed, or null (it must be an Australian mobile once normalised). */
export function phoneProblem(value: string): string | null {
  return isMobile(normalisePhone(value)) ? null : INVALID_MOBILE;
}

/** An Australian mobile once normalised: 04 and eight more digits (codes go by SMS, so only mobiles). */
export function isMobile(normalised: string): boolean {
  return /^04\d{8}$/.test(normalised);
}

/** What the identity and watchlist routes answer: their schemas are the page's (runtime/session-answers.ts). */
export type { SessionAnswer, WatchlistAnswer, WatchlistCars } from './runtime/session-answers';
