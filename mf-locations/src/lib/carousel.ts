/** Spec: 'Carousel swipe hint at 3 or fewer locations; large layout above 4. Expand animation 300 ms.' */
export const SWIPE_HINT_MAX = 3;
export const LARGE_LAYOUT_ABOVE = 4;
export const EXPAND_MS = 300;

export function carouselLayout(count: number): { swipeHint: boolean; large: boolean } {
  return { swipeHint: count <= SWIPE_HINT_MAX, large: count > LARGE_LAYOUT_ABOVE };
}

/** The first card that can be first: the track never scrolls past its last full view. */
export function clampIndex(index: number, count: number, perView: number): number {
  return Math.max(0, Math.min(index, Math.max(0, count - perView)));
}

/** Spec: 'previous and next arrows are disabled at the ends' (index: the first card in view). */
export function arrowState(
  index: number,
  count: number,
  perView: number,
): { previousDisabled: boolean; nextDisabled: boolean } {
  return { previousDisabled: index <= 0, nextDisabled: index + perView >= count };
}
