import { useEffect, useState } from 'react';
import { useFirstPaintData } from '../../../app/first-paint';
import type { SlideData } from '../../../contract';

export type SlidesState = { status: 'loading' } | { status: 'ready'; slides: SlideData[] } | { status: 'failed' };

/** The site's home page slides (`GET /api/search/slides`). */
export async function fetchSlides(signal?: AbortSignal): Promise<SlideData[]> {
  const response = await fetch('/api/search/slides', { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`slides: HTTP ${response.status}`);
  return ((await response.json()) as { slides: SlideData[] }).slides;
}

/**
 * The site's slides, read once per home page view: from the server's first paint when the page
 * came with one (the first picture then loads with the HTML), else asked for. A failed read shows
 * no slides (the search below them is what the shopper came for) and is logged for the team.
 */
export function useSlides(): SlidesState {
  const first = useFirstPaintData('home')?.slides;
  const [state, setState] = useState<SlidesState>(first ? { status: 'ready', slides: first } : { status: 'loading' });
  const given = first !== undefined;
  useEffect(() => {
    if (given) return;
    const controller = new AbortController();
    fetchSlides(controller.signal).then(
      (slides) => setState({ status: 'ready', slides }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('[mf-search] home page slides unavailable', error);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [given]);
  return state;
}
