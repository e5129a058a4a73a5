import { css } from '@emotion/react';
import type { Crumb } from '../lib/breadcrumb';
import { SURFACE } from '@forecourt/shared-config';

/** The breadcrumb trail of this team's pages: links, then the current page. */
export function BreadcrumbNav({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" css={{ fontSize: '0.85rem', marginBottom: '0.5rem' }}>
      <ol
        css={css`
          list-style: none;
          margin: 0;
          padding: 0;
          display: flex;
          flex-wrap: wrap;
          gap: 0.25rem;
          & li + li::before {
            content: '›';
            margin-right: 0.25rem;
            color: ${SURFACE.muted};
          }
        `}
      >
        {crumbs.map((crumb) => (
          <li key={crumb.label}>
            {crumb.href ? <a href={crumb.href}>{crumb.label}</a> : <span aria-current="page">{crumb.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
