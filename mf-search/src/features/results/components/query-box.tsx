import { css } from '@emotion/react';
import { SURFACE, VISUALLY_HIDDEN } from '@forecourt/shared-config';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchBox } from 'react-instantsearch-core';

/** Spec (search-and-vehicle §5): text search updates are debounced 300 ms. */
const QUERY_DEBOUNCE_MS = 300;

function debounced(ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (query: string, search: (value: string) => void) => {
    clearTimeout(timer);
    timer = setTimeout(() => search(query), ms);
  };
}

/**
 * The text search: our own field on `useSearchBox`, because InstantSearch's box names its input
 * 'Search' with no way to change it, and a shopper's screen reader should hear what it searches.
 * Typing refines after 300 ms; back/forward put the address bar's query back into the field.
 */
export function QueryBox({
  placeholder = 'Make, model or keyword',
  name = 'Stock',
  label = 'Search stock',
}: {
  placeholder?: string;
  /** The search landmark's name. */ name?: string;
  /** The field's label. */ label?: string;
}) {
  const queryHook = useMemo(() => debounced(QUERY_DEBOUNCE_MS), []);
  const { query, refine } = useSearchBox({ queryHook });
  const [value, setValue] = useState(query);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => {
    if (document.activeElement !== input.current) setValue(query);
  }, [query]);
  return (
    <form
      role="search"
      aria-label={name}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        refine(value);
        input.current?.blur();
      }}
      css={css`
        display: flex;
        gap: 0.25rem;
      `}
    >
      <label htmlFor={id} css={VISUALLY_HIDDEN}>
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          refine(event.target.value);
        }}
        css={css`
          flex: 1;
          min-width: 0;
          padding: 0.55rem 0.75rem;
          font: inherit;
          border: 1px solid ${SURFACE.border};
          border-radius: 6px;
        `}
      />
      <button
        type="submit"
        css={css`
          display: grid;
          place-items: center;
          min-width: 2.75rem;
          padding: 0;
          border: 1px solid ${SURFACE.border};
          border-radius: 6px;
          background: ${SURFACE.background};
          cursor: pointer;
        `}
      >
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        <span css={VISUALLY_HIDDEN}>Search</span>
      </button>
    </form>
  );
}
