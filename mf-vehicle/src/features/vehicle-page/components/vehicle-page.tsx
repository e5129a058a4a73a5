import { css } from '@emotion/react';
import { capitalise, paths, RemoteFragment, telHref, useTenant } from '@forecourt/shared-config';
import { useId } from 'react';
import { useParams } from '@forecourt/shared-config/router';
import KeyInfo from '../../key-info/components/key-info';
import { titleFromSlug, yearFromSlug } from '../../../lib/vehicle-title';

const linkList = css`label: mf-vehicle-actions; display: flex; flex-wrap: wrap; gap: 0.75rem; list-style: none; margin: 0; padding: 0;`;

export function VehiclePage() {
  const { slug = '' } = useParams();
  const tenant = useTenant();
  const headingId = useId();
  const callId = useId();
  const noun = tenant.search.itemNoun;
  const title = titleFromSlug(slug);
  const { phone, city, state } = tenant.contact;
  return (
    <article aria-labelledby={headingId} css={css`label: mf-vehicle-page; max-width: 72rem; margin: 0 auto; padding: 1.5rem;`}>
      <nav aria-label="Breadcrumb">
        <ol css={css`label: mf-vehicle-breadcrumb; display: flex; flex-wrap: wrap; gap: 0.5rem; list-style: none; margin: 0 0 1rem; padding: 0; li + li::before { content: '›'; margin-right: 0.5rem; color: #667085; }`}>
          <li>
            <a href={paths.home()}>Home</a>
          </li>
          <li>
            <a href={paths.search()}>{capitalise(noun)}s</a>
          </li>
          <li aria-current="page">{title}</li>
        </ol>
      </nav>
      <h1 id={headingId} css={{ margin: '0 0 0.25rem' }}>
        {title}
      </h1>
      <p css={{ margin: '0 0 1.5rem', color: '#475467' }}>
        Offered by {tenant.name}, {city} {state}
      </p>
      <div css={css`label: mf-vehicle-page-grid; display: grid; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); gap: 1rem;`}>
        <KeyInfo
          items={[
            { label: 'Year', value: yearFromSlug(slug) },
            { label: 'Dealer', value: tenant.name },
            { label: 'Location', value: `${city}, ${state}` },
          ]}
        />
        <section aria-labelledby={callId} css={css`label: mf-vehicle-call-dealer; padding: 1rem 1.25rem; border: 1px solid #d0d5dd; border-radius: 8px;`}>
          <h2 id={callId} css={{ fontSize: '1.125rem', margin: '0 0 0.75rem' }}>
            Call the dealer
          </h2>
          <p css={{ margin: 0 }}>
            <a href={telHref(phone)} aria-label={`Call ${tenant.name} on ${phone}`} css={{ fontSize: '1.25rem', fontWeight: 700 }}>
              {phone}
            </a>
          </p>
        </section>
      </div>
      <nav aria-label={`This ${noun}`} css={{ marginTop: '1.5rem' }}>
        <ul css={linkList}>
          <li>
            <a href={paths.checkout(slug)}>Reserve online</a>
          </li>
          {tenant.features['mf-finance'] && (
            <li>
              <a href={paths.finance()}>Get finance</a>
            </li>
          )}
          {tenant.features['mf-leads'] && (
            <>
              <li>
                <a href={paths.bookTestDrive()}>Book a test drive</a>
              </li>
              <li>
                <a href={paths.tradeIn()}>Trade-in valuation</a>
              </li>
            </>
          )}
          <li>
            <a href={paths.print(slug)} target="_blank" rel="noopener">
              Print this {noun}
            </a>
          </li>
        </ul>
      </nav>
      {/* mf-search's similar cars block (a carousel of the same cards as the results grid). */}
      {tenant.features['mf-search'] && <RemoteFragment id="mf_search/SimilarCars" props={{ slug }} />}
    </article>
  );
}
