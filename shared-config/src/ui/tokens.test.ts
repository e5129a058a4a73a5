import { alpha, SURFACE } from './tokens';

describe('alpha', () => {
  it('writes a token at an opacity as the rgb() a style uses', () => {
    expect(alpha(SURFACE.inverse, 75)).toBe('rgb(16 24 40 / 75%)');
  });

  it('keeps each channel of the token, not just the first', () => {
    expect(alpha('#fdb022', 8)).toBe('rgb(253 176 34 / 8%)');
  });
});
