/**
 * Pictures from the platform's media service (`/media/...?w=`), at the widths it renders (120, 200,
 * 240, 300, 400, 600, 800, 1200 and 1600; it refuses any other). One rule for every team's
 * pictures: a car's photo in a card, a gallery, a dialog or the finance page, a slide, a brand.
 */

// Relative addresses (the platform's own media) are parsed against a base no request ever reaches,
// and written back relative, so the page asks its own origin.
const NO_ORIGIN = 'http://media.invalid';

/**
 * The picture at `width`, keeping the other options its address names (quality); a height it
 * names goes, as the service draws the width's own shape. An address that is not the media
 * service's (a partner's image host) is given back as it is: its sizes are not ours to name.
 */
export function mediaAt(src: string, width: number): string {
  const parsed = mediaAddress(src);
  if (!parsed) return src;
  parsed.searchParams.set('w', String(width));
  parsed.searchParams.delete('h');
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * A media picture's `src` (at `fallback`, for a browser without `srcset`) and `srcset` at
 * `widths`, for the browser to choose from with the image's `sizes`. Null for no picture or one
 * that is not the media service's: it has one address only.
 */
export function mediaSources(
  src: string | null | undefined,
  widths: readonly number[],
  fallback: number,
): { src: string; srcSet: string } | null {
  if (!src || !mediaAddress(src)) return null;
  return { src: mediaAt(src, fallback), srcSet: widths.map((width) => `${mediaAt(src, width)} ${width}w`).join(', ') };
}

function mediaAddress(src: string): URL | null {
  const parsed = new URL(src, NO_ORIGIN);
  return parsed.origin === NO_ORIGIN && parsed.pathname.startsWith('/media/') ? parsed : null;
}
