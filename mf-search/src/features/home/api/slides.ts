import { useApiRead, zm } from '@forecourt/shared-config';

/**
 * A promotional slide of the site's home page, as `/api/search/slides` answers it (spec: 'Slide:
 * id, name, description, url, hide_overlay'). `image` carries the media service's `?w=` width.
 */
const slideSchema = zm.object({
  id: zm.string(),
  name: zm.string(),
  description: zm.string(),
  url: zm.string(),
  image: zm.string(),
  /** Spec: hide_overlay. The image says it all: no name and description over it. */
  hideOverlay: zm.boolean(),
});
export type SlideData = zm.output<typeof slideSchema>;

export const slidesAnswerSchema = zm.object({ slides: zm.array(slideSchema) });
export type SlidesAnswer = zm.output<typeof slidesAnswerSchema>;

export type SlidesState = { status: 'loading' } | { status: 'ready'; slides: SlideData[] } | { status: 'failed' };

/**
 * The site's slides, read once per home page view (`GET /api/search/slides`): `first`, the
 * server's first paint's, when the page came with one (the first picture then loads with the
 * HTML), else asked for. A failed read shows no slides (the search below them is what the shopper
 * came for); the read logs it.
 */
export function useSlides(first: SlideData[] | undefined): SlidesState {
  const read = useApiRead(
    'mf-search',
    '/api/search/slides',
    slidesAnswerSchema,
    first ? { initial: { slides: first } } : {},
  );
  if (read.status === 'loading') return read;
  return read.status === 'ready' ? { status: 'ready', slides: read.data.slides } : { status: 'failed' };
}
