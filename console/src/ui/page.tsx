import { css } from '@emotion/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { COLOUR, SPACE } from '../theme/tokens';

/**
 * A page of the console: its title in the tab and as the one h1, which takes focus when the page
 * opens so a screen reader hears where a link went (a single-page app has no page load to say it).
 */
export function Page({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Forecourt console`;
  }, [title]);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <>
      <h1
        ref={heading}
        tabIndex={-1}
        css={css`
          margin: 0 0 ${SPACE.sm};
          font-size: 1.6rem;
          overflow-wrap: anywhere;
          &:focus {
            outline: none;
          }
        `}
      >
        {title}
      </h1>
      {intro ? (
        <div
          css={css`
            color: ${COLOUR.muted};
            margin-bottom: ${SPACE.md};
          `}
        >
          {intro}
        </div>
      ) : null}
      {children}
    </>
  );
}

/** "Updated 08:05:12", or what the newest refresh could not do while older data stays shown. */
export function Freshness({ updatedAt }: { updatedAt: Date | null }) {
  if (!updatedAt) return null;
  return (
    <p
      css={css`
        color: ${COLOUR.muted};
        font-size: 0.9rem;
        margin: 0 0 ${SPACE.sm};
      `}
    >
      Updated <time dateTime={updatedAt.toISOString()}>{updatedAt.toLocaleTimeString('en-AU')}</time>, every 5 seconds
    </p>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p
      role="status"
      css={css`
        color: ${COLOUR.muted};
      `}
    >
      Loading {what}…
    </p>
  );
}
