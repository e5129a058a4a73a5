/**
 * The calculator's disclaimer (spec §9 finance): 'Basis: 5-year term, 10% deposit, 30% final
 * payment; comparison rate basis a 5-year secured loan of $30,000. One variant shows 6.29% p.a.
 * with 8.19% comparison; the comparison rate range shown is 8.38% to 19.42%. Disclaimers state
 * the calculator is a guide only and not a loan offer. Disclaimer truncated at 197 characters.'
 */

/** Spec: 'Disclaimer truncated at 197 characters.' */
export const DISCLAIMER_PREVIEW_LENGTH = 197;

/**
 * The product's representative example, said to be one: its term, deposit and final payment
 * differ from the calculator's own starting figures (the car's price, the site's term and rate, no
 * deposit), and a disclaimer that read 'Repayment estimates are based on...' under a headline of
 * other figures contradicted it. The calculator shows this text, never a lender record's own,
 * whose rates (8.38% with 9.15%, or '10.3%') were not the headline's either.
 */
export function financeDisclaimer(withSampleRate: boolean): string {
  return [
    `Representative example: a 5-year term with a 10% deposit and a 30% final payment${withSampleRate ? ', at 6.29% p.a. (comparison rate 8.19% p.a.)' : ''}.`,
    'The estimate above uses the figures you choose.',
    'Comparison rates range from 8.38% to 19.42% p.a. and are based on a 5-year secured loan of $30,000.',
    'WARNING: this comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate.',
    'This calculator is a guide only and is not a loan offer.',
  ].join(' ');
}

/** The first 197 characters, cut at the last whole word, with an ellipsis; the whole text when it is that short. */
export function disclaimerPreview(text: string): { preview: string; truncated: boolean } {
  if (text.length <= DISCLAIMER_PREVIEW_LENGTH) return { preview: text, truncated: false };
  const cut = text.slice(0, DISCLAIMER_PREVIEW_LENGTH);
  const lastSpace = cut.lastIndexOf(' ');
  return {
    preview: `${(lastSpace > DISCLAIMER_PREVIEW_LENGTH * 0.75 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`,
    truncated: true,
  };
}
