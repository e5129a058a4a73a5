import { css } from '@emotion/react';
import { readableTextOn, SURFACE, useTenant, VISUALLY_HIDDEN } from '@forecourt/shared-config';
import type { PromoCardData } from '../api/promos';

/** A promo card in the results grid: the node's title and text (lines split at ' / '), linking to its target. */
export function PromoCard({ promo }: { promo: PromoCardData }) {
  const { theme } = useTenant();
  const [first, ...rest] = promo.text.split(' / ');
  return (
    <article
      aria-label={promo.title}
      data-promo={promo.id}
      css={css`
        label: mf-search-promo;
        display: flex;
        flex-direction: column;
        justify-content: center;
        gap: 0.5rem;
        width: 100%;
        min-height: 14rem;
        padding: 1.5rem;
        border-radius: ${SURFACE.radius};
        background: ${theme.accent};
        color: ${readableTextOn(theme.accent)};
      `}
    >
      <h2 css={{ margin: 0, fontSize: '1.4rem' }}>{promo.title}</h2>
      <p css={{ margin: 0, fontWeight: 600 }}>{first}</p>
      {rest.map((line) => (
        <p key={line} css={{ margin: 0 }}>
          {line}
        </p>
      ))}
      <a
        href={promo.href}
        css={css`
          align-self: flex-start;
          margin-top: 0.5rem;
          padding: 0.6rem 1rem;
          border-radius: 6px;
          font-weight: 700;
          text-decoration: none;
          background: ${theme.primary};
          color: ${readableTextOn(theme.primary)};
        `}
      >
        Find out more<span css={VISUALLY_HIDDEN}>{`: ${promo.title}`}</span>
      </a>
    </article>
  );
}
