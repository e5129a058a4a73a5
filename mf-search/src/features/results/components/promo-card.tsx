import { css } from '@emotion/react';
import { readableTextOn, SURFACE, useTenant, VISUALLY_HIDDEN } from '@forecourt/shared-config';
import { useEffect, useState } from 'react';
import type { PromoCardData } from '../../../contract';

/** A promo card in the results grid: the node's title and text (lines split at ' / '), linking to its target. */
export function PromoCard({ promo }: { promo: PromoCardData }) {
  const { theme } = useTenant();
  const [first, ...rest] = promo.text.split(' / ');
  return (
    <article
      aria-label={promo.title}
      data-promo={promo.id}
      css={css`label: mf-search-promo; display: flex; flex-direction: column; justify-content: center; gap: 0.5rem; width: 100%; min-height: 14rem; padding: 1.5rem; border-radius: ${SURFACE.radius}; background: ${theme.accent}; color: ${readableTextOn(theme.accent)};`}
    >
      <h2 css={{ margin: 0, fontSize: '1.4rem' }}>{promo.title}</h2>
      <p css={{ margin: 0, fontWeight: 600 }}>{first}</p>
      {rest.map((line) => (
        <p key={line} css={{ margin: 0 }}>
          {line}
        </p>
      ))}
      <a href={promo.href} css={css`align-self: flex-start; margin-top: 0.5rem; padding: 0.6rem 1rem; border-radius: 6px; font-weight: 700; text-decoration: none; background: ${theme.primary}; color: ${readableTextOn(theme.primary)};`}>
        Find out more<span css={VISUALLY_HIDDEN}>{`: ${promo.title}`}</span>
      </a>
    </article>
  );
}

/**
 * The site's promo nodes, read once per page view. A failed read shows no promo cards (the
 * results matter more) and is logged for the team.
 */
export function usePromoNodes(initial?: PromoCardData[]): PromoCardData[] {
  // Given by the server with its first paint, the cards are in place from the first render.
  const [nodes, setNodes] = useState<PromoCardData[]>(initial ?? []);
  useEffect(() => {
    if (initial) return undefined;
    const controller = new AbortController();
    fetch('/api/search/promos', { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ promos: PromoCardData[] }>) : Promise.reject(new Error(`promos: HTTP ${response.status}`))))
      .then((body) => setNodes(body.promos))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('[mf-search] promo cards unavailable', error);
      });
    return () => controller.abort();
  }, [initial]);
  return nodes;
}
