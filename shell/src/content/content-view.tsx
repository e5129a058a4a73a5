import { css } from '@emotion/react';
import {
  BrandGrid,
  federationName,
  media,
  readableTextOn,
  RemoteFragment,
  SURFACE,
  useTenant,
} from '@forecourt/shared-config';
import type { BlogCard, ContentLink, ContentPage } from '@forecourt/shared-config/content';
import { useId } from 'react';

/** Breadcrumb trail (spec: 'Home > … > current title'): links, then the current page's title. */
export function Breadcrumbs({
  trail,
  current,
  dealerText = false,
}: {
  trail: readonly ContentLink[];
  current: string;
  dealerText?: boolean;
}) {
  return (
    <nav
      aria-label="Breadcrumb"
      css={css`
        font-size: 0.875rem;
        margin-bottom: 1rem;
      `}
    >
      <ol
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: 0.35rem;
          list-style: none;
          margin: 0;
          padding: 0;
          color: ${SURFACE.muted};
        `}
      >
        {trail.map((link) => (
          <li
            key={link.href}
            css={css`
              &::after {
                content: '›';
                margin-left: 0.35rem;
              }
            `}
          >
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
        <li aria-current="page" data-dealer-text={dealerText || undefined}>
          {current}
        </li>
      </ol>
    </nav>
  );
}

const dateText = (date: string): string =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-AU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

function BlogCards({ cards }: { cards: readonly BlogCard[] }) {
  if (cards.length === 0) return <p>No posts in this section yet.</p>;
  return (
    <ul
      css={css`
        display: grid;
        gap: 1.25rem;
        grid-template-columns: 1fr;
        list-style: none;
        margin: 0;
        padding: 0;
        ${media.sm} {
          grid-template-columns: repeat(2, 1fr);
        }
        ${media.lg} {
          grid-template-columns: repeat(3, 1fr);
        }
      `}
    >
      {cards.map((card) => (
        <li key={card.href}>
          <article
            css={css`
              display: flex;
              flex-direction: column;
              height: 100%;
              border: 1px solid ${SURFACE.divider};
              border-radius: 10px;
              overflow: hidden;
              background: ${SURFACE.background};
            `}
          >
            {card.image && (
              <img
                src={card.image}
                alt=""
                width={400}
                height={225}
                loading="lazy"
                css={{ width: '100%', height: 'auto', aspectRatio: '16 / 9', objectFit: 'cover' }}
              />
            )}
            <div css={{ padding: '1rem', display: 'flex', flexDirection: 'column', gap: '0.4rem', flex: 1 }}>
              <h2 css={{ margin: 0, fontSize: '1.1rem' }} data-dealer-text={card.dealerText || undefined}>
                <a href={card.href} css={{ color: SURFACE.text }}>
                  {card.heading}
                </a>
              </h2>
              <p css={{ margin: 0, color: SURFACE.muted }} data-dealer-text={card.dealerText || undefined}>
                {card.description}
              </p>
              <time dateTime={card.date} css={{ marginTop: 'auto', color: SURFACE.muted, fontSize: '0.85rem' }}>
                {dateText(card.date)}
              </time>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

/** The Markdown body's typography (the server rendered it; it holds no raw HTML of the author's). */
const prose = css`
  line-height: 1.65;
  max-width: 46rem;
  h2 {
    font-size: 1.35rem;
    margin: 1.75rem 0 0.5rem;
  }
  h3 {
    font-size: 1.1rem;
    margin: 1.25rem 0 0.4rem;
  }
  ul,
  ol {
    padding-left: 1.25rem;
  }
  img {
    max-width: 100%;
    height: auto;
    border-radius: 8px;
  }
  table {
    border-collapse: collapse;
    width: 100%;
  }
  th,
  td {
    border: 1px solid ${SURFACE.divider};
    padding: 0.4rem 0.6rem;
    text-align: left;
  }
  blockquote {
    margin: 1rem 0;
    padding-left: 1rem;
    border-left: 4px solid ${SURFACE.border};
    color: ${SURFACE.strong};
  }
`;

/**
 * A content page the server found for this address (blog, legal, the dealer's own pages,
 * brands): breadcrumbs, the title, the lead, the body, and the page kind's cards or tiles.
 */
export function ContentView({ page }: { page: ContentPage }) {
  const tenant = useTenant();
  const headingId = useId();
  // The dealer's own page: its words are theirs, marked for the checks of the platform's copy.
  const dealerText = page.dealerText || undefined;
  return (
    <article
      aria-labelledby={headingId}
      data-boundary="shell"
      data-content={page.kind}
      css={css`
        label: shell-content;
        max-width: 75rem;
        margin: 0 auto;
        padding: 1.5rem;
        ${media.smDown} {
          padding: 1rem;
        }
      `}
    >
      <Breadcrumbs trail={page.breadcrumbs} current={page.title} dealerText={page.dealerText} />
      {page.kind === 'brand' && page.image && (
        <img
          src={page.image}
          alt=""
          width={1200}
          height={300}
          css={{
            width: '100%',
            height: 'auto',
            aspectRatio: '4 / 1',
            objectFit: 'cover',
            borderRadius: 10,
            marginBottom: '1rem',
          }}
        />
      )}
      <h1 id={headingId} css={{ margin: '0 0 0.5rem', fontSize: '2rem' }} data-dealer-text={dealerText}>
        {page.title}
      </h1>
      {page.date && (
        <p css={{ margin: '0 0 0.5rem', color: SURFACE.muted }}>
          <time dateTime={page.date}>{dateText(page.date)}</time>
        </p>
      )}
      <p
        css={{ margin: '0 0 1.25rem', fontSize: '1.1rem', color: SURFACE.strong, maxWidth: '46rem' }}
        data-dealer-text={dealerText}
      >
        {page.description}
      </p>
      {(page.kind === 'post' || page.kind === 'page') && page.image && (
        <img
          src={page.image}
          alt=""
          width={800}
          height={450}
          css={{ width: '100%', maxWidth: '46rem', height: 'auto', borderRadius: 10 }}
        />
      )}
      {page.sections && page.sections.length > 0 && (
        <nav aria-label="Blog sections" css={{ marginBottom: '1.25rem' }}>
          <ul css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', listStyle: 'none', margin: 0, padding: 0 }}>
            {page.sections.map((section) => (
              <li key={section.href}>
                <a
                  href={section.href}
                  aria-current={section.href === page.path ? 'page' : undefined}
                  css={css`
                    display: inline-block;
                    padding: 0.35rem 0.8rem;
                    border-radius: 999px;
                    border: 1px solid ${SURFACE.border};
                    color: ${SURFACE.text};
                    text-decoration: none;
                    &[aria-current='page'] {
                      background: ${tenant.theme.primary};
                      border-color: ${tenant.theme.primary};
                      color: ${readableTextOn(tenant.theme.primary)};
                    }
                  `}
                >
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {page.html && <div css={prose} data-dealer-text={dealerText} dangerouslySetInnerHTML={{ __html: page.html }} />}
      {page.cta && (
        <p css={{ margin: '1.5rem 0' }} data-dealer-text={dealerText}>
          <a
            href={page.cta.href}
            css={css`
              display: inline-block;
              padding: 0.7rem 1.2rem;
              border-radius: 8px;
              background: ${tenant.theme.primary};
              color: ${readableTextOn(tenant.theme.primary)};
              font-weight: 700;
              text-decoration: none;
            `}
          >
            {page.cta.label}
          </a>
        </p>
      )}
      {page.cards && <BlogCards cards={page.cards} />}
      {/* Spec: 'Blog cards ... and promotional cards': mf-search's promo cards, by the results' rule; none when they cannot load. */}
      {page.kind === 'blog' && tenant.features['mf-search'] && (
        <RemoteFragment id={`${federationName('mf-search')}/PromoCards`} props={{}} fallback={null} />
      )}
      {page.kind === 'brands' && page.brands && <BrandGrid brands={page.brands} />}
    </article>
  );
}
