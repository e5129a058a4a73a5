import { NEAR_MARKER_CSS, sliderStyles, useNearWindow, useTenant } from '@forecourt/shared-config';
import type { RangeSliderProps } from '@forecourt/shared-config/slider';
import { lazy, Suspense } from 'react';

// The slider's primitive (Radix, about 8 KB as sent) is its own shared module: it loads when a
// slider's place comes near the window, not with the page.
const RangeSlider = lazy(() =>
  import('@forecourt/shared-config/slider').then((module) => ({ default: module.RangeSlider })),
);

/** Where a thumb's centre sits, as the primitive places it: half a thumb inside the track at either end. */
function thumbLeft(percent: number): string {
  return `calc(${percent}% + ${(0.75 * (1 - percent / 50)).toFixed(4)}rem)`;
}

/**
 * The range slider as it looks at rest, drawn without its primitive: the same track, range and
 * thumbs in the same places, so nothing moves when the working slider replaces it. Hidden from
 * assistive technology (it cannot be operated); the filter's typed fields beside it work.
 */
function RangeSliderAtRest({ min, max, value, disabled }: RangeSliderProps) {
  const { theme } = useTenant();
  const styles = sliderStyles(theme);
  const percent = (v: number) => (max > min ? ((Math.min(max, Math.max(min, v)) - min) / (max - min)) * 100 : 0);
  const [from, to] = [percent(value[0]), percent(value[1])];
  const thumb = (at: number) => ({ position: 'absolute', left: thumbLeft(at), transform: 'translateX(-50%)' }) as const;
  return (
    <span css={styles.root} aria-hidden="true" data-disabled={disabled ? '' : undefined} data-slider-at-rest="">
      <span css={styles.track}>
        <span css={styles.range} style={{ left: `${from}%`, right: `${100 - to}%` }} />
      </span>
      <span css={styles.thumb} style={thumb(from)} />
      <span css={styles.thumb} style={thumb(to)} />
    </span>
  );
}

/**
 * The platform's range slider for a filter the shopper may never come to (a phone's closed filter
 * panel, a section folded shut): drawn at rest until its place is near the window, then
 * the working slider (`@forecourt/shared-config/slider`) takes its place. The server's first
 * paint draws it at rest too, so the first render matches it.
 */
export function DeferredRangeSlider(props: RangeSliderProps) {
  const [marker, near] = useNearWindow(false);
  const atRest = <RangeSliderAtRest {...props} />;
  if (!near) {
    return (
      <>
        <span ref={marker} aria-hidden="true" css={NEAR_MARKER_CSS} />
        {atRest}
      </>
    );
  }
  return (
    <Suspense fallback={atRest}>
      <RangeSlider {...props} />
    </Suspense>
  );
}
