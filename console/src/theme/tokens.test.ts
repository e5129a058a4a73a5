import { COLOUR } from './tokens';

/** WCAG 2's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe("the console's colours", () => {
  it.each([
    ['text', 'surface'],
    ['text', 'page'],
    ['muted', 'surface'],
    ['muted', 'page'],
    ['accent', 'surface'],
    ['onAccent', 'accent'],
    ['danger', 'surface'],
    ['danger', 'dangerSurface'],
    ['onAccent', 'danger'],
    ['warning', 'warningSurface'],
    ['success', 'successSurface'],
    ['text', 'dangerSurface'],
    ['onChrome', 'chrome'],
  ] as const)('give %s text on %s at least 4.5:1', (text, background) => {
    expect(contrast(COLOUR[text], COLOUR[background])).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['page', 'surface'] as const)('give the focus ring at least 3:1 on %s', (background) => {
    expect(contrast(COLOUR.focus, COLOUR[background])).toBeGreaterThanOrEqual(3);
  });

  it('give the focus ring on the header at least 3:1', () => {
    expect(contrast(COLOUR.onChrome, COLOUR.chrome)).toBeGreaterThanOrEqual(3);
  });
});
