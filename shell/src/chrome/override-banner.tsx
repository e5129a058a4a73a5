import { css } from '@emotion/react';
import { DEV_TOOL, media, SURFACE, type BootData } from '@forecourt/shared-config';
import { useId, type FormEvent } from 'react';

export type ActiveOverride = NonNullable<BootData['override']>;

/**
 * Shown on every page of a browser that has a developer override: which team runs from where,
 * and a Clear button. Clearing posts a plain form (the cookie is HttpOnly, so only the server can
 * remove it), which also works when the overridden remote broke the page's scripts.
 */
export function OverrideBanner({ override }: { override: ActiveOverride }) {
  const labelId = useId();
  // Back to the address the developer is on when they clear, not the one the page loaded at.
  const keepAddress = (event: FormEvent<HTMLFormElement>) => {
    const field = event.currentTarget.elements.namedItem('return');
    if (field instanceof HTMLInputElement) field.value = `${location.pathname}${location.search}`;
  };
  return (
    <section
      aria-labelledby={labelId}
      data-override-banner=""
      data-print="no"
      css={css`
        label: shell-override-banner;
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.5rem 1rem;
        padding: 0.6rem 1.5rem;
        background: ${DEV_TOOL.background};
        color: ${DEV_TOOL.text};
        font-size: 0.9rem;
        ${media.smDown} {
          padding: 0.6rem 1rem;
        }
      `}
    >
      <div
        css={css`
          flex: 1 1 20rem;
          min-width: 0;
        `}
      >
        <p
          id={labelId}
          css={css`
            margin: 0;
          `}
        >
          <strong>Developer override:</strong>{' '}
          {override.remotes.map((remote, index) => (
            <span key={remote.team}>
              {index > 0 && '; '}
              {remote.team} from{' '}
              <code
                css={css`
                  overflow-wrap: anywhere;
                `}
              >
                {remote.entry}
              </code>
            </span>
          ))}
        </p>
        <p
          css={css`
            margin: 0.15rem 0 0;
            opacity: 0.9;
            font-size: 0.85rem;
          `}
        >
          Only this browser loads it
          {override.remotes.some((r) => r.pinned)
            ? `; shoppers get ${override.remotes
                .filter((r) => r.pinned)
                .map((r) => `${r.team} ${r.pinned ?? ''}`)
                .join(', ')}`
            : ''}
          .
        </p>
      </div>
      <form
        method="post"
        action={override.clearUrl}
        onSubmit={keepAddress}
        css={css`
          margin: 0;
        `}
      >
        <input type="hidden" name="return" value="/" />
        <button
          type="submit"
          css={css`
            font: inherit;
            font-weight: 600;
            padding: 0.4rem 0.9rem;
            border: 1px solid ${DEV_TOOL.text};
            border-radius: ${SURFACE.radius};
            background: ${DEV_TOOL.text};
            color: ${DEV_TOOL.background};
            cursor: pointer;
            &:focus-visible {
              outline: 3px solid ${DEV_TOOL.text};
              outline-offset: 2px;
            }
          `}
        >
          Clear override
        </button>
      </form>
    </section>
  );
}
