/**
 * The widths a home page slide is offered at: a phone's screen (375 px at 2x) takes 800, a desktop
 * 1600. Both are in the media service's fixed set of widths, which refuses any other.
 */
export const SLIDE_WIDTHS = [800, 1600] as const;

/** The shape the media service draws a slide in (its width and height attributes, so the page keeps its place before the image arrives). */
export const SLIDE_IMAGE_SIZE = { width: 1600, height: 500 } as const;

// Relative addresses (the platform's own media) are parsed against a base no request ever reaches,
// and written back relative, so the page asks its own origin as it did before.
const NO_ORIGIN = 'http://slide.invalid';

function withWidth(url: string, width: number): string {
  const parsed = new URL(url, NO_ORIGIN);
  parsed.searchParams.set('w', String(width));
  return parsed.origin === NO_ORIGIN ? `${parsed.pathname}${parsed.search}` : parsed.href;
}

/** A slide image's `src` (the widest) and `srcset`, from the address the site stores (which may already name a width). */
export function slideImageSources(url: string): { src: string; srcSet: string } {
  return {
    src: withWidth(url, SLIDE_WIDTHS[SLIDE_WIDTHS.length - 1]!),
    srcSet: SLIDE_WIDTHS.map((width) => `${withWidth(url, width)} ${width}w`).join(', '),
  };
}
