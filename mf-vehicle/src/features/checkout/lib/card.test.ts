import { cardNumberInput, cardToken, expiryInput } from './card';

describe('cardNumberInput', () => {
  it('groups the digits in fours as they are typed', () => {
    expect(cardNumberInput('424242424')).toBe('4242 4242 4');
  });

  it('keeps only digits, at most 19', () => {
    expect(cardNumberInput('4242-4242 4242 4242 999x9')).toBe('4242 4242 4242 4242 999');
  });
});

describe('expiryInput', () => {
  it('puts in the slash after the month', () => {
    expect(expiryInput('1228')).toBe('12/28');
  });

  it('keeps the last two digits of a four-digit year', () => {
    expect(expiryInput('03/2029')).toBe('03/29');
  });

  it('gives a one-digit month typed with its slash a leading zero', () => {
    expect(expiryInput('3/29')).toBe('03/29');
  });

  it('lets the shopper delete back over the slash', () => {
    expect(expiryInput('12/')).toBe('12');
  });
});

describe('cardToken', () => {
  it('carries the last four digits and never the card number', () => {
    const { token, last4 } = cardToken('4242 4242 4242 4242');
    expect(last4).toBe('4242');
    expect(token).toMatch(/^tok_sim_4242_[0-9a-f]{16}$/);
    expect(token).not.toContain('4242424242424242');
  });
});
