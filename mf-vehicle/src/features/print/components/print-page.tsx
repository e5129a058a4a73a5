import { css } from '@emotion/react';
import { capitalise, paths, useTenant } from '@forecourt/shared-config';
import { useId } from 'react';
import { useSearchParams } from '@forecourt/shared-config/router';
import { titleFromSlug } from '../../../lib/vehicle-title';

/** /print?car_id={slug}: the printable vehicle page, opened in a new tab from the vehicle page. */
export function PrintPage() {
  const [query] = useSearchParams();
  const tenant = useTenant();
  const headingId = useId();
  const noun = tenant.search.itemNoun;
  const slug = query.get('car_id') ?? '';
  const { phone, city, state } = tenant.contact;
  return (
    <article aria-labelledby={headingId} css={css`label: mf-vehicle-print; max-width: 48rem; margin: 0 auto; padding: 1.5rem;`}>
      <h1 id={headingId} css={{ margin: '0 0 0.25rem' }}>
        {slug ? titleFromSlug(slug) : `${capitalise(noun)} details`}
      </h1>
      <p css={{ margin: '0 0 1rem', color: '#475467' }}>
        {tenant.name} · {city} {state} · {phone}
      </p>
      {slug ? (
        <p css={css`label: mf-vehicle-print-actions; display: flex; gap: 1rem; align-items: center; @media print { display: none; }`}>
          <button type="button" onClick={() => window.print()}>
            Print this page
          </button>
          <a href={paths.car(slug)}>Back to the {noun} page</a>
        </p>
      ) : (
        <p>
          No {noun} was chosen to print. <a href={paths.search()}>Browse our {noun}s</a>
        </p>
      )}
    </article>
  );
}
