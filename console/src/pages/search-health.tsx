import { css } from '@emotion/react';
import { SearchHealth } from '@forecourt/admin-contract';
import { useLive } from '../api/use-live';
import { COLOUR, SPACE } from '../theme/tokens';
import { ErrorNote } from '../ui/error-note';
import { formatCount, formatDateTime, formatDuration } from '../ui/format';
import { Freshness, Loading, Page } from '../ui/page';
import { ScrollRegion, tableStyle } from '../ui/table';

const ENGINE_WORDS = { embedded: "the platform's own search service", algolia: 'Algolia' } as const;

/** Each tenant's stock in the search index: how much, how fresh, how fast, and what shoppers find nothing for. */
export function SearchHealthPage() {
  const live = useLive(SearchHealth, '/_admin/search-health');
  const health = live.data;
  return (
    <Page
      title="Search"
      intro="The stock each site's shoppers search: records in the index, the last write, the snapshot's age, the slowest searches and the searches that found nothing."
    >
      <Freshness updatedAt={live.updatedAt} />
      {live.error ? (
        <ErrorNote lead={health ? 'Could not refresh' : 'Could not load search health'} message={live.error.message} />
      ) : null}
      {!health && !live.error ? <Loading what="search health" /> : null}
      {health ? (
        <>
          <p>
            Engine: <strong>{ENGINE_WORDS[health.engine] ?? health.engine}</strong>
            {health.note ? (
              <span
                css={css`
                  color: ${COLOUR.muted};
                `}
              >
                {' '}
                — {health.note}
              </span>
            ) : null}
          </p>
          <ScrollRegion label="Search health per tenant">
            <table css={tableStyle}>
              <thead>
                <tr>
                  <th scope="col">Tenant</th>
                  <th scope="col" className="number">
                    Records
                  </th>
                  <th scope="col">Last write</th>
                  <th scope="col">Snapshot age</th>
                  <th scope="col" className="number">
                    Searches, last hour
                  </th>
                  <th scope="col" className="number">
                    p95
                  </th>
                  <th scope="col">Found nothing for</th>
                </tr>
              </thead>
              <tbody>
                {health.tenants.map((row) => (
                  <tr key={row.tenant} data-tenant={row.tenant}>
                    <th scope="row">{row.tenant}</th>
                    <td className="number">{row.records === null ? 'unknown' : formatCount(row.records)}</td>
                    <td>
                      {row.lastWrite ? <time dateTime={row.lastWrite}>{formatDateTime(row.lastWrite)}</time> : '—'}
                    </td>
                    <td>{row.snapshotAgeSeconds === null ? '—' : formatDuration(row.snapshotAgeSeconds)}</td>
                    <td className="number">
                      {row.searchesLastHour === undefined ? '—' : formatCount(row.searchesLastHour)}
                    </td>
                    <td className="number">{row.p95Ms === null ? '—' : `${formatCount(Math.round(row.p95Ms))} ms`}</td>
                    <td
                      css={css`
                        min-width: 12rem;
                      `}
                    >
                      {row.topNoHits.length === 0 ? (
                        'nothing'
                      ) : (
                        <ol
                          css={css`
                            margin: 0;
                            padding-left: 1.2rem;
                            overflow-wrap: anywhere;
                          `}
                        >
                          {row.topNoHits.map((miss) => (
                            <li key={miss.query}>
                              “{miss.query}” × {formatCount(miss.count)}
                            </li>
                          ))}
                        </ol>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <p
            css={css`
              color: ${COLOUR.muted};
              margin-top: ${SPACE.sm};
            `}
          >
            p95: the time 95 of every 100 searches took at most.
          </p>
        </>
      ) : null}
    </Page>
  );
}
