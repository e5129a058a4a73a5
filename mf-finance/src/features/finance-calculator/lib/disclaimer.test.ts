import { disclaimerPreview, financeDisclaimer } from './disclaimer';

describe('the disclaimer (spec facts)', () => {
  const text = financeDisclaimer(false);

  it.each([
    'a 5-year term',
    '10% deposit',
    '30% final payment',
    '5-year secured loan of $30,000',
    '8.38% to 19.42%',
    'guide only',
    'not a loan offer',
  ])('states %s', (fact) => {
    expect(text).toContain(fact);
  });

  it('says it is a representative example, not the estimate shown above it', () => {
    expect(text.startsWith('Representative example: ')).toBe(true);
    expect(text).toContain('The estimate above uses the figures you choose.');
  });

  it('writes every comparison rate it quotes to 2 decimals (spec)', () => {
    for (const rate of financeDisclaimer(true).match(/\d+(\.\d+)?%/g) ?? [])
      if (!/^\d+%$/.test(rate)) expect(rate).toMatch(/^\d+\.\d{2}%$/);
  });

  it('quotes 6.29% p.a. with an 8.19% comparison rate on the variant that shows it', () => {
    expect(financeDisclaimer(true)).toContain('6.29% p.a. (comparison rate 8.19% p.a.)');
    expect(text).not.toContain('6.29%');
  });

  it('is cut to 197 characters at most, ellipsis included, at a whole word', () => {
    const { preview, truncated } = disclaimerPreview(text);
    expect(truncated).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(198);
    expect(preview.endsWith('…')).toBe(true);
    expect(text.startsWith(preview.slice(0, -1))).toBe(true);
  });

  it('is whole when it is 197 characters or fewer', () => {
    expect(disclaimerPreview('Short.')).toEqual({ preview: 'Short.', truncated: false });
  });
});
