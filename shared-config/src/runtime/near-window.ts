import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * How far outside the window a fragment's place may be when it starts loading: 200 px gives a
 * shopper's scroll a head start on the download, while what lies below a phone's first screen
 * (375 x 740) stays out of the page's first load: the home page's first fragments start about
 * 300 px below that window, the vehicle page's about 900 px.
 */
export const FRAGMENT_LOAD_MARGIN = '200px 0px';

/**
 * Whether a place on the page is near the window yet (within FRAGMENT_LOAD_MARGIN): the one rule
 * for code a page loads only when the shopper comes to it (a fragment, a slider's primitive).
 * Watched on a marker element at that place (NEAR_MARKER_CSS: out of the flow, no size), so the
 * marker moves nothing and takes no place in a grid or flex row. The server renders it as well,
 * so the browser's first render has the same elements as the server's first paint. A place
 * hidden with `display: none` (a phone's closed filter panel) is never near until it is shown.
 * Without IntersectionObserver (old browsers, component tests) the place is near at once.
 */
export function useNearWindow(now: boolean): [RefObject<HTMLSpanElement | null>, boolean] {
  const marker = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(now);
  useEffect(() => {
    if (near) return undefined;
    const element = marker.current;
    if (typeof IntersectionObserver === 'undefined' || !element) {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: FRAGMENT_LOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [marker, near];
}

/** The marker's style: absolutely placed, no size, nothing shown. */
export const NEAR_MARKER_CSS = { position: 'absolute', width: 0, height: 0, overflow: 'hidden' } as const;
