/**
 * The gallery's rules (spec search-and-vehicle §2, §4, §8, §9).
 */

/** Spec: thumbnails only when the car is in stock and has more than 3 images. */
export const THUMBNAILS_ABOVE = 3;
/** Spec: slider images 600x400. */
export const SLIDE_WIDTH = 600;
export const SLIDE_HEIGHT = 400;

export type Slide = { kind: 'image'; src: string; thumb: string } | { kind: 'video'; src: string };

/**
 * A picture address the gallery can show: a real image, not empty and not one of the feed's
 * default placeholder pictures (spec §8: 'Gallery with no valid image (default placeholder URLs
 * or empty): a placeholder image is shown').
 */
export function isValidImage(url: string | null | undefined): url is string {
  if (!url || url.trim() === '') return false;
  return !/(^|\/)(default|placeholder|no[-_]?image)[-_.a-z0-9]*\.(jpe?g|png|webp|gif|svg)(\?|$)/i.test(url);
}

/**
 * The slides in order: the pictures, with the video (when there is one) as the second slide
 * (spec: 'optional video slide in second position').
 */
export function gallerySlides(images: readonly string[], thumbnails: readonly string[], video: string | null): Slide[] {
  const pictures: Slide[] = images.flatMap((src, i) =>
    isValidImage(src)
      ? [{ kind: 'image' as const, src, thumb: isValidImage(thumbnails[i]) ? thumbnails[i]! : src }]
      : [],
  );
  if (!video) return pictures;
  return [...pictures.slice(0, 1), { kind: 'video', src: video }, ...pictures.slice(1)];
}

/** Spec: thumbnails only when in stock and more than 3 images. */
export function showThumbnails(inStock: boolean, imageCount: number): boolean {
  return inStock && imageCount > THUMBNAILS_ABOVE;
}

/** The slide before or after `index`, wrapping round. */
export function stepSlide(index: number, delta: number, count: number): number {
  if (count === 0) return 0;
  return (((index + delta) % count) + count) % count;
}
