import { css } from '@emotion/react';
import { paths, readableTextOn, SURFACE, useTenant, VISUALLY_HIDDEN } from '@forecourt/shared-config';
import { useId } from 'react';

export interface SearchBoxProps {
  /** Pre-filled query, e.g. the current one on a results page. */
  defaultQuery?: string;
  /** Where the search goes; defaults to the tenant's all-stock search. */
  action?: string;
}

/**
 * A keyword search that works without JavaScript (a plain GET form) and is the exposed
 * `mf_search/SearchBox` fragment other teams may place on their pages.
 */
export default function SearchBox({ defaultQuery = '', action = paths.search() }: SearchBoxProps) {
  const tenant = useTenant();
  const id = useId();
  return (
    <form
      role="search"
      action={action}
      method="get"
      data-boundary="mf-search"
      css={css`
        label: mf-search-box;
        display: flex;
        gap: 0.5rem;
        max-width: 36rem;
      `}
    >
      <label htmlFor={id} css={VISUALLY_HIDDEN}>
        Search {tenant.name} stock
      </label>
      <input
        id={id}
        name="query"
        type="search"
        defaultValue={defaultQuery}
        placeholder={`Make, model or keyword`}
        css={css`
          flex: 1;
          padding: 0.7rem 0.9rem;
          font-size: 1rem;
          border: 1px solid ${SURFACE.fieldBorder};
          border-radius: 6px;
        `}
      />
      <button
        type="submit"
        css={css`
          padding: 0.7rem 1.2rem;
          font-size: 1rem;
          font-weight: 600;
          color: ${readableTextOn(tenant.theme.primary)};
          background: ${tenant.theme.primary};
          border: 0;
          border-radius: 6px;
          cursor: pointer;
        `}
      >
        Search
      </button>
    </form>
  );
}
