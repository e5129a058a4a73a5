/**
 * The platform's design tokens: every colour a component style uses that is not the tenant's
 * (`tenant.theme.primary` / `.accent` are the dealer's own; these are the neutral and status
 * colours every team's components and the shell's chrome share). Component styles take colours
 * only from here or the theme: lint refuses a colour literal anywhere else in a team's `src`.
 */
export const SURFACE = {
  /** The page, cards, buttons and fields. */
  background: '#ffffff',
  /** A panel set into a page or card: the car summary in a dialog, the fallback, the rego lookup. */
  panel: '#f9fafb',
  /** A cool panel beside the tenant's primary colour: the 'Located at' bar. */
  wash: '#f5f8fb',
  /** Where a picture or a figure goes: image placeholders, skeletons, the quote box, counts. */
  fill: '#f2f4f7',
  /** Lines between rows and around tiles, lighter than a card's border. */
  divider: '#eaecf0',
  border: '#d0d5dd',
  /** Fields' borders: darker than `border` so an empty field is still seen. */
  fieldBorder: '#98a2b3',
  /** Headings, links and body text. */
  text: '#101828',
  /** Text a step below `text` (descriptions, quotes), a secondary button's outline, the footer's rule, the sold badge. */
  strong: '#344054',
  muted: '#475467',
  /** Separators and marks that must not compete with text (breadcrumb chevrons). */
  faint: '#667085',
  /** The dark chrome: utility bar, footer, tooltips, captions over photos, scrims (with `alpha`). */
  inverse: '#101828',
  /** Text on `inverse`, on photos and on solid status fills. */
  onInverse: '#ffffff',
  /** Secondary text on `inverse` (the footer's). */
  inverseMuted: '#d0d5dd',
  /** The neutral solid fill of toasts and badges. */
  solid: '#1d2939',
  /** Behind a fullscreen photo viewer: darker than `inverse` so the photo stands out. */
  lightbox: '#0c111d',
  /** Plain shadows (with `alpha`). */
  shadow: '#000000',
  radius: '8px',
} as const;

/** Colours of errors and the destructive alert (the tenant's own colours are for actions). */
export const DANGER = { text: '#b42318', border: '#fda29b', background: '#fef3f2', bright: '#f04438' } as const;

/** Notices that ask for attention without being errors (a fallback, a hold about to lapse). */
export const WARNING = { text: '#7a2e0e', background: '#fffaeb', bright: '#fdb022' } as const;

/** Good news: open now, a saved car, a held reservation, a good price. */
export const SUCCESS = { text: '#067647', strong: '#05603a', background: '#ecfdf3', bright: '#12b76a' } as const;

/** The static map drawn while (or instead of) the interactive one loads; `land` is also behind a location's photo while it loads. */
export const STATIC_MAP = { land: '#eef3f7', grid: '#dfe7ee' } as const;

/** Review stars: the filled share and the rest. */
export const RATING = { filled: '#f5a623', empty: SURFACE.border } as const;

/**
 * The platform's own colour for developer tools: not a dealer's theme colour and not the chrome's
 * near-black, so the banner can never be taken for part of the dealer’s site (white on it is 9:1).
 */
export const DEV_TOOL = { background: '#5b21b6', text: SURFACE.onInverse } as const;

/**
 * A `#rrggbb` token at an opacity, for shadows, scrims and labels over photos, so translucent
 * layers stay the token's colour: `alpha(SURFACE.inverse, 75)` is 'rgb(16 24 40 / 75%)'.
 */
export function alpha(colour: string, percent: number): string {
  const n = Number.parseInt(colour.slice(1), 16);
  return `rgb(${(n >> 16) & 255} ${(n >> 8) & 255} ${n & 255} / ${percent}%)`;
}
