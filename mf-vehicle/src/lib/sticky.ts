/** Spec (both files, §9): sticky header after 500 px of scroll; sticky bottom bar after 900 px. */
export const STICKY_HEADER_AFTER_PX = 500;
export const STICKY_BAR_AFTER_PX = 900;

/** Which sticky parts show at a scroll position (past the threshold, not at it). */
export function stickyParts(scrollY: number): { header: boolean; bar: boolean } {
  return { header: scrollY > STICKY_HEADER_AFTER_PX, bar: scrollY > STICKY_BAR_AFTER_PX };
}
