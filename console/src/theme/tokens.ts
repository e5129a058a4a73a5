/**
 * The console's own look: a tool for operators, not a dealer's site, so it takes nothing from a
 * tenant's theme. Every colour a component uses is named here by its role (lint refuses a colour
 * literal anywhere else in console/src). Text colours are at least 4.5:1 on the backgrounds they
 * sit on (WCAG AA), and the focus ring at least 3:1.
 */
export const COLOUR = {
  /** The page. */
  page: '#f6f7f9',
  /** Cards, tables, dialogs. */
  surface: '#ffffff',
  text: '#1a1f29',
  /** Secondary text: 7.0:1 on surface, 6.6:1 on page. */
  muted: '#4a5363',
  border: '#c9ced8',
  /** Links, primary buttons, the chart's clean line: 8.3:1 on surface. */
  accent: '#1d4ed8',
  onAccent: '#ffffff',
  focus: '#b45309',
  /** Failures, refusals, destructive actions: 6.5:1 on surface. */
  danger: '#b91c1c',
  dangerSurface: '#fdecec',
  /** A canary, a warning: 7.1:1 on surface. */
  warning: '#92400e',
  warningSurface: '#fff4e0',
  success: '#166534',
  successSurface: '#e8f6ec',
  /** The header bar. */
  chrome: '#111827',
  onChrome: '#f3f4f6',
  /** Behind an open dialog. */
  scrim: 'rgba(17, 24, 39, 0.6)',
} as const;

export const SPACE = { xs: '0.25rem', sm: '0.5rem', md: '1rem', lg: '1.5rem', xl: '2rem' } as const;

export const RADIUS = '6px';

export const FONT = {
  body: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
} as const;

/** Below this width the layout is one column (phones). */
export const NARROW = '@media (max-width: 700px)';
