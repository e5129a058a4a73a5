import { mediaSources } from '@forecourt/shared-config';

/**
 * The widths a home page slide is offered at: a phone's screen (375 px at 2x) takes 800, a desktop
 * 1600. Both are in the media service's fixed set of widths, which refuses any other.
 */
export const SLIDE_WIDTHS = [800, 1600] as const;

/** The shape the media service draws a slide in (its width and height attributes, so the page keeps its place before the image arrives). */
export const SLIDE_IMAGE_SIZE = { width: 1600, height: 500 } as const;

/**
 * A slide image's `src` (the widest) and `srcset`, from the address the site stores (which may
 * already name a width). An image on another host is shown at the one address it has.
 */
export function slideImageSources(url: string): { src: string; srcSet: string } {
  return mediaSources(url, SLIDE_WIDTHS, SLIDE_WIDTHS[SLIDE_WIDTHS.length - 1]!) ?? { src: url, srcSet: '' };
}
