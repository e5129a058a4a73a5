import { css } from '@emotion/react';
import {
  bodyLabel,
  capitalise,
  formatDollars,
  paths,
  readableTextOn,
  SURFACE,
  useSearchAccess,
  useTenant,
  VISUALLY_HIDDEN,
} from '@forecourt/shared-config';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { PRICE_SLIDER, pricePresets } from '../../../lib/range-slider';
import { countAt, showMePath, showMeText, type QuickChoice } from '../../../lib/show-me';
import { useFirstPaintData, useSearchServer, type QuickFinderAnswer } from '../../../app/first-paint';
import { createSearchClient } from '../../results/lib/search-client';
import { quickFinderAnswer } from '../lib/quick-finder-answer';

/**
 * Spec (§2): the button 'prefetches' the results. The results page's code and its answers for the
 * button's address are fetched when the shopper points at or focuses it, so the page shows its
 * cards at once after the click (features/results/components/prefetch.tsx).
 */
function prefetchResults(href: string, client: ReturnType<typeof createSearchClient>): Promise<boolean> {
  return import('../../results/components/prefetch')
    .then(({ prefetchResults: fetchAhead }) => fetchAhead(href, client))
    .catch(() => false);
}

/**
 * The home page's quick finder: make, body type and a top price, and a 'Show Me N Cars' button
 * whose count follows the choice (animated over 1 s) and which leads to the results page with
 * the same filters. The lists come from the same search, so they only offer what is in stock.
 */
export function QuickFinder() {
  const tenant = useTenant();
  const access = useSearchAccess();
  const server = useSearchServer();
  const client = useMemo(
    () =>
      (server?.searchClient as ReturnType<typeof createSearchClient> | undefined) ??
      createSearchClient(access, window.location),
    [access, server],
  );
  const ids = { make: useId(), body: useId(), price: useId() };
  // The server's answer for no choice yet, when it painted this page: no first search, no wait.
  const first = useFirstPaintData('home')?.quickFinder;
  const [choice, setChoice] = useState<QuickChoice>({});
  const [answer, setAnswer] = useState<QuickFinderAnswer | null>(first ?? null);
  const [failed, setFailed] = useState(false);
  const [shown, setShown] = useState(first?.count ?? 0);
  const shownRef = useRef(first?.count ?? 0);
  const answeredByServer = useRef(Boolean(first));
  const noun = tenant.search.itemNoun;

  useEffect(() => {
    if (answeredByServer.current) {
      answeredByServer.current = false;
      return undefined;
    }
    let cancelled = false;
    quickFinderAnswer(client, access.indexName, choice)
      .then((next) => {
        if (cancelled) return;
        setAnswer(next);
        setFailed(false);
      })
      .catch((error: unknown) => {
        console.error('[mf-search] the quick finder could not count', error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [client, access.indexName, choice]);

  // The 1 s count from the number on the button to the new one. The first count shows as it is:
  // there is no earlier number to count from, and a second of re-renders while the page is still
  // loading costs phones their first interaction.
  useEffect(() => {
    if (!answer) return;
    const from = shownRef.current;
    if (from === 0 || from === answer.count) {
      shownRef.current = answer.count;
      setShown(answer.count);
      return;
    }
    const started = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const value = countAt(from, answer.count, now - started);
      shownRef.current = value;
      setShown(value);
      if (value !== answer.count || now - started < 1000) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [answer]);

  const field = css`
    display: grid;
    gap: 0.25rem;
    font-size: 0.9rem;
    color: ${SURFACE.muted};
    & select {
      padding: 0.55rem 0.5rem;
      font: inherit;
      color: ${SURFACE.text};
      border: 1px solid ${SURFACE.border};
      border-radius: 6px;
      background: ${SURFACE.background};
    }
  `;
  const set = (key: keyof QuickChoice) => (event: React.ChangeEvent<HTMLSelectElement>) => {
    const value = event.target.value;
    setChoice((c) => ({ ...c, [key]: value === '' ? undefined : key === 'maxPrice' ? Number(value) : value }));
  };
  const href = showMePath(paths.search(), choice);
  const [prefetched, setPrefetched] = useState<string | null>(null);
  const fetchAhead = () => {
    const address = href;
    void prefetchResults(address, client).then((arrived) => arrived && setPrefetched(address));
  };
  return (
    <form
      aria-label={`Find a ${noun}`}
      onSubmit={(event) => event.preventDefault()}
      css={css`
        label: mf-search-quick-finder;
        display: grid;
        gap: 0.75rem;
        align-items: end;
        margin-top: 1.25rem;
        padding: 1rem;
        border: 1px solid ${SURFACE.border};
        border-radius: ${SURFACE.radius};
        background: ${SURFACE.background};
        @media (min-width: 768px) {
          grid-template-columns: repeat(3, 1fr) auto;
        }
      `}
    >
      <label htmlFor={ids.make} css={field}>
        Make
        <select id={ids.make} value={choice.make ?? ''} onChange={set('make')}>
          <option value="">Any make</option>
          {(answer?.makes ?? []).map((make) => (
            <option key={make} value={make}>
              {make}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={ids.body} css={field}>
        Body type
        <select id={ids.body} value={choice.body ?? ''} onChange={set('body')}>
          <option value="">Any body type</option>
          {(answer?.bodies ?? []).map((body) => (
            <option key={body} value={body}>
              {bodyLabel(body)}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={ids.price} css={field}>
        Price up to
        <select id={ids.price} value={choice.maxPrice ?? ''} onChange={set('maxPrice')}>
          <option value="">Any price</option>
          {pricePresets({ min: PRICE_SLIDER.min, max: PRICE_SLIDER.max }).map((price) => (
            <option key={price} value={price}>
              {formatDollars(price)}
            </option>
          ))}
        </select>
      </label>
      {failed ? (
        <a href={href}>Search {noun}s</a>
      ) : (
        <a
          href={href}
          // A touch is the click itself: fetching the results ahead would only compete with it.
          onPointerEnter={(event) => event.pointerType !== 'touch' && fetchAhead()}
          onFocus={fetchAhead}
          // The address whose results have arrived ahead (the journeys wait on it).
          data-prefetched={prefetched === href ? '' : undefined}
          data-count={answer?.count}
          css={css`
            display: inline-block;
            padding: 0.7rem 1.25rem;
            border-radius: 6px;
            font-weight: 700;
            text-align: center;
            text-decoration: none;
            white-space: nowrap;
            background: ${tenant.theme.primary};
            color: ${readableTextOn(tenant.theme.primary)};
          `}
        >
          {answer ? showMeText(shown, noun) : `Show Me ${capitalise(noun)}s`}
        </a>
      )}
      {/* The final count for screen readers, once, rather than every frame of the animation. */}
      <span role="status" css={VISUALLY_HIDDEN}>
        {answer ? `${showMeText(answer.count, noun).replace('Show Me ', '')} match` : ''}
      </span>
    </form>
  );
}
