/**
 * The checkout's card fields, checked in the browser. Card numbers never leave it: a card
 * processor's hosted fields turn the card into a token in the page, and the platform only ever
 * sees that token and the last four digits (for the shopper's receipt). `cardToken` is the local
 * payment simulator's version of that step; its test cards (4000 0000 0000 0002 declined, and
 * the others) are documented with the simulator in infra's payments README. The production
 * processor's script takes its place.
 */

/** Not in the spec: the card fields' messages. */
export const INVALID_CARD_NUMBER = 'Please enter a valid card number.';
export const INVALID_EXPIRY = 'Please enter the expiry date as MM/YY.';
export const CARD_EXPIRED = 'This card has expired.';
export const INVALID_CVC = 'Please enter the 3 or 4 digit security code.';

/** The digits of a card number as typed (spaces and dashes are how people copy it from the card). */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** Whether the digits form a card number: 12 to 19 digits passing the Luhn check every card number carries. */
export function isCardNumber(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** What is wrong with an expiry as typed ('MM/YY'), or null; a card is good to the end of its month. */
export function expiryProblem(input: string, now: Date): string | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(input);
  const month = Number(match?.[1]);
  if (!match || month < 1 || month > 12) return INVALID_EXPIRY;
  const year = 2000 + Number(match[2]);
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  return year * 12 + (month - 1) < thisMonth ? CARD_EXPIRED : null;
}

export function isCvc(input: string): boolean {
  return /^\d{3,4}$/.test(input.trim());
}

/**
 * The card number as the field shows it while it is typed: digits only (the field's keypad has no
 * other keys, and a pasted number brings spaces), at most 19, in groups of four as on the card.
 */
export function cardNumberInput(typed: string): string {
  return (
    typed
      .replace(/\D/g, '')
      .slice(0, 19)
      .match(/\d{1,4}/g) ?? []
  ).join(' ');
}

/**
 * The expiry as the field shows it while it is typed: 'MM/YY', the slash put in for the shopper
 * (a phone's number pad has none). A four-digit year (a browser's saved card, a pasted
 * 'MM/YYYY') keeps its last two digits, and a one-digit month typed with its slash ('3/') gets
 * its leading zero.
 */
export function expiryInput(typed: string): string {
  let digits = typed.replace(/\D/g, '');
  if (/^\s*\d\s*\//.test(typed)) digits = `0${digits}`;
  if (digits.length === 6) digits = `${digits.slice(0, 2)}${digits.slice(4)}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The simulator's token for a card: its last four digits and a random part, never the number. */
export function cardToken(number: string): { token: string; last4: string } {
  const last4 = cardDigits(number).slice(-4);
  const random = Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
  return { token: `tok_sim_${last4}_${random}`, last4 };
}
