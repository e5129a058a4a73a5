import { useEffect, useState } from 'react';
import type { SlideData } from '../../../contract';

export type SlidesState = { status: 'loading' } | { status: 'ready'; slides: SlideData[] } | { status: 'failed' };

/** The site's home page slides (`GET /api/search/slides`). */
export async function fetchSlides(signal?: AbortSignal): Promise<SlideData[]> {
  const response = await fetch('/api/search/slides', { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`slides: HTTP ${response.status}`);
  return ((await response.json()) as { slides: SlideData[] }).slides;
}

/**
 * The site's slides, read once per home page view. A failed read shows no slides (the search
 * below them is what the shopper came for) and is logged for the team.
 */
export function useSlides(): SlidesState {
  const [state, setState] = useState<SlidesState>({ status: 'loading' });
  useEffect(() => {
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
  }, []);
  return state;
}
