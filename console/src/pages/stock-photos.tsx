import { css } from '@emotion/react';
import { TenantPhotos as Photos, type UnstoredPhoto } from '@forecourt/admin-contract';
import { useLive } from '../api/use-live';
import { COLOUR, SPACE } from '../theme/tokens';
import { Badge } from '../ui/badge';
import { ErrorNote } from '../ui/error-note';
import { formatCount, shortUrl } from '../ui/format';
import { Loading } from '../ui/page';
import { ScrollRegion, tableStyle } from '../ui/table';
import type { TenantName } from '../ui/tenant-picker';
import { When } from '../ui/when';

/** The newest photos not stored that the section lists; the counts cover them all. */
export const PHOTOS_LISTED = 50;

const wrap = css`
  overflow-wrap: anywhere;
`;

/** The dealer's URL, short enough for a cell; the whole of it is the link and its title. */
function PhotoUrl({ url }: { url: string }) {
  const short = shortUrl(url);
  // Only a web address is a link: the API takes no other, and the console opens no other.
  if (!/^https?:\/\//i.test(url)) return <span title={url}>{short}</span>;
  return (
    <a href={url} title={url} target="_blank" rel="noreferrer" css={wrap}>
      {short}
    </a>
  );
}

function carsOf(photo: UnstoredPhoto): string {
  if (photo.stocknums.length === 0) return '—';
  const more = photo.car_count - photo.stocknums.length;
  return `${photo.stocknums.join(', ')}${more > 0 ? ` and ${formatCount(more)} more` : ''}`;
}

function PhotosTable({ photos, tenantName }: { photos: UnstoredPhoto[]; tenantName: string }) {
  return (
    <ScrollRegion label={`Photos not stored of ${tenantName}`} maxHeight="32rem">
      <table css={tableStyle}>
        <thead>
          <tr>
            <th scope="col">Photo</th>
            <th scope="col">Cars</th>
            <th scope="col">Status</th>
            <th scope="col" className="number">
              Tries
            </th>
            <th scope="col">Last error</th>
            <th scope="col">Next try</th>
          </tr>
        </thead>
        <tbody>
          {photos.map((photo) => (
            <tr key={photo.url} data-photo-status={photo.status}>
              <th
                scope="row"
                css={css`
                  min-width: 11rem;
                `}
              >
                <PhotoUrl url={photo.url} />
              </th>
              <td
                css={[
                  wrap,
                  css`
                    min-width: 7rem;
                  `,
                ]}
              >
                {carsOf(photo)}
              </td>
              <td>
                <Badge tone={photo.status === 'failed' ? 'danger' : 'warning'}>{photo.status}</Badge>
              </td>
              <td className="number">{formatCount(photo.attempts)}</td>
              <td
                css={[
                  wrap,
                  css`
                    min-width: 14rem;
                  `,
                ]}
              >
                {photo.last_error ?? '—'}
              </td>
              <td>
                <When at={photo.next_attempt_at} none="not again" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/**
 * A tenant's photos as the platform fetches them: how many are stored, pending and failed, and
 * the newest not stored, each with why its last try failed and when it is tried again, so an
 * operator can tell the dealer which of its photos to fix.
 */
export function TenantPhotos({ tenant }: { tenant: TenantName }) {
  const live = useLive(Photos, `/_admin/photos?tenant=${encodeURIComponent(tenant.tenant)}&limit=${PHOTOS_LISTED}`);
  const data = live.data;
  const unstored = data ? data.counts.pending + data.counts.failed : 0;
  return (
    <>
      {live.error ? (
        <ErrorNote lead={data ? 'Could not refresh' : 'Could not load the photos'} message={live.error.message} />
      ) : null}
      {!data && !live.error ? <Loading what="the photos" /> : null}
      {data ? (
        <>
          <p
            data-photo-counts
            css={css`
              display: flex;
              flex-wrap: wrap;
              gap: ${SPACE.xs} ${SPACE.md};
              margin: ${SPACE.sm} 0;
            `}
          >
            <span>
              <strong>{formatCount(data.counts.stored)}</strong> stored
            </span>
            <span>
              <strong>{formatCount(data.counts.pending)}</strong> pending
            </span>
            <span>
              <strong>{formatCount(data.counts.failed)}</strong> failed
            </span>
          </p>
          {unstored === 0 ? (
            <p>
              {data.counts.stored === 0
                ? "No photos: none of this site's cars names one yet."
                : 'Every photo is stored.'}
            </p>
          ) : (
            <>
              <p
                css={css`
                  color: ${COLOUR.muted};
                  margin: 0 0 ${SPACE.sm};
                `}
              >
                A pending photo is tried again at its next try; a failed one is not, until the dealer sends its car
                again with a URL that works.
                {data.photos.length < unstored
                  ? ` The newest ${formatCount(data.photos.length)} of ${formatCount(unstored)}.`
                  : null}
              </p>
              <PhotosTable photos={data.photos} tenantName={tenant.name} />
            </>
          )}
        </>
      ) : null}
    </>
  );
}
