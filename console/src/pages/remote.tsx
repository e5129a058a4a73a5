import { css } from '@emotion/react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PinsOverview, RemoteDetail, type HealthWindow, type PinChange } from '@forecourt/admin-contract';
import { useLive } from '../api/use-live';
import { mayChangePins } from '../session/permissions';
import { useSession, useSignedIn } from '../session/session';
import { COLOUR, RADIUS, SPACE } from '../theme/tokens';
import { Badge } from '../ui/badge';
import { ErrorNote } from '../ui/error-note';
import { formatDateTime } from '../ui/format';
import { Freshness, Loading, Page } from '../ui/page';
import { ScrollRegion, tableStyle } from '../ui/table';
import { WindowChoice } from '../ui/window-choice';
import { RemoteControls } from './remote-controls';
import { RemoteFacts, VersionHealthBlock } from './remote-summary';

const ACTION_WORDS: Record<PinChange['action'], string> = {
  pin: 'pinned',
  rollback: 'rolled back',
  canary: 'canary',
  promote: 'promoted',
  'drop-canary': 'canary ended',
};

const panel = css`
  background: ${COLOUR.surface};
  border: 1px solid ${COLOUR.border};
  border-radius: ${RADIUS};
  padding: ${SPACE.md};
  margin-bottom: ${SPACE.md};
  min-width: 0;
`;

/** One remote of one tenant: what its shoppers get, the changes an account may make, health and history. */
export function RemotePage() {
  const { tenant = '', team = '' } = useParams();
  const { api } = useSession();
  const { account } = useSignedIn();
  const [span, setSpan] = useState<HealthWindow>('hour');
  const [done, setDone] = useState<string | null>(null);
  const detail = useLive(
    RemoteDetail,
    `/_admin/tenants/${encodeURIComponent(tenant)}/remotes/${encodeURIComponent(team)}?window=${span}`,
  );
  const pins = useLive(PinsOverview, '/_admin/pins');
  const remote = detail.data;
  const effective = pins.data?.effective.find((row) => row.tenant === tenant && row.team === team);
  const canChange = mayChangePins(account, tenant);

  return (
    <Page title={`${team} on ${remote?.name ?? tenant}`}>
      <p
        css={css`
          margin: 0 0 ${SPACE.sm};
        `}
      >
        <Link to="/">All tenants</Link>
      </p>
      <WindowChoice value={span} onChange={setSpan} />
      <Freshness updatedAt={detail.updatedAt} />
      {detail.error ? (
        <ErrorNote lead={remote ? 'Could not refresh' : 'Could not load this remote'} message={detail.error.message} />
      ) : null}
      {pins.error ? <ErrorNote lead="Could not read the pins" message={pins.error.message} /> : null}
      {!remote && !detail.error ? <Loading what="this remote" /> : null}
      {remote ? (
        <>
          {remote.flagged && remote.canary ? (
            <div
              css={[
                panel,
                css`
                  border: 2px solid ${COLOUR.danger};
                  background: ${COLOUR.dangerSurface};
                `,
              ]}
            >
              <strong>Canary {remote.canary.version} is flagged:</strong> it fails more often than the pin {remote.pin}{' '}
              by more than the alert margin. Stop it, or look at its failures below first.
            </div>
          ) : null}
          <section aria-labelledby="shoppers-get" css={panel}>
            <h2
              id="shoppers-get"
              css={css`
                margin-top: 0;
              `}
            >
              What shoppers get
            </h2>
            <RemoteFacts remote={remote} />
            {effective ? (
              <p
                css={css`
                  margin: 0;
                  color: ${COLOUR.muted};
                `}
              >
                {effective.source === 'default'
                  ? 'The platform default pin (no pin of its own).'
                  : effective.source === 'tenant'
                    ? "The tenant's own pin."
                    : 'No pin.'}
                {effective.previousVersion ? ` A rollback goes back to ${effective.previousVersion}.` : ''}
              </p>
            ) : null}
          </section>
          <section aria-labelledby="changes" css={panel}>
            <h2
              id="changes"
              css={css`
                margin-top: 0;
              `}
            >
              Change
            </h2>
            <div role="status">
              {done ? (
                <p
                  css={css`
                    color: ${COLOUR.success};
                    font-weight: 600;
                  `}
                >
                  {done}
                </p>
              ) : null}
            </div>
            {canChange ? (
              pins.data ? (
                <RemoteControls
                  api={api}
                  tenant={tenant}
                  remote={remote}
                  effective={effective}
                  published={pins.data.published[team] ?? []}
                  onChanged={(text) => {
                    setDone(text);
                    detail.refresh();
                    pins.refresh();
                  }}
                />
              ) : (
                <Loading what="the published versions" />
              )
            ) : (
              <p
                css={css`
                  margin: 0;
                `}
              >
                This account reads {remote.name}; its pins are changed by operators and its tenant managers.
              </p>
            )}
          </section>
          <section aria-labelledby="health" css={panel}>
            <h2
              id="health"
              css={css`
                margin-top: 0;
              `}
            >
              Health per version
            </h2>
            {remote.versions.length === 0 ? <p>No mount reports in this window.</p> : null}
            {remote.versions.map((version) => (
              <VersionHealthBlock
                key={version.version}
                subject={team}
                version={version}
                span={span}
                bucketSeconds={remote.bucketSeconds}
                height={140}
              />
            ))}
          </section>
          <section aria-labelledby="failures" css={panel}>
            <h2
              id="failures"
              css={css`
                margin-top: 0;
              `}
            >
              Newest failures
            </h2>
            {remote.recentFailures.length === 0 ? (
              <p
                css={css`
                  margin: 0;
                `}
              >
                No failure reported.
              </p>
            ) : (
              <ScrollRegion label="Newest failures table">
                <table css={tableStyle}>
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">Version</th>
                      <th scope="col">Kind</th>
                      <th scope="col">Message</th>
                      <th scope="col">Page</th>
                      <th scope="col">Browser</th>
                    </tr>
                  </thead>
                  <tbody>
                    {remote.recentFailures.map((failure, index) => (
                      <tr key={`${failure.at}-${index}`}>
                        <td>
                          <time dateTime={failure.at}>{formatDateTime(failure.at)}</time>
                        </td>
                        <td>{failure.version}</td>
                        <td>
                          <Badge tone="danger">{failure.kind}</Badge>
                        </td>
                        <td
                          css={css`
                            min-width: 14rem;
                            overflow-wrap: anywhere;
                          `}
                        >
                          {failure.message}
                        </td>
                        <td
                          css={css`
                            overflow-wrap: anywhere;
                          `}
                        >
                          <code>{failure.page}</code>
                        </td>
                        <td
                          css={css`
                            min-width: 10rem;
                          `}
                        >
                          {failure.browser}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            )}
          </section>
          <section aria-labelledby="history" css={panel}>
            <h2
              id="history"
              css={css`
                margin-top: 0;
              `}
            >
              Version history
            </h2>
            {remote.history.length === 0 ? (
              <p
                css={css`
                  margin: 0;
                `}
              >
                No change recorded.
              </p>
            ) : (
              <ScrollRegion label="Version history table">
                <table css={tableStyle}>
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">Change</th>
                      <th scope="col">From</th>
                      <th scope="col">To</th>
                      <th scope="col" className="number">
                        Share
                      </th>
                      <th scope="col">By</th>
                    </tr>
                  </thead>
                  <tbody>
                    {remote.history.map((change) => (
                      <tr key={change.id}>
                        <td>
                          <time dateTime={change.at}>{formatDateTime(change.at)}</time>
                        </td>
                        <td>{ACTION_WORDS[change.action] ?? change.action}</td>
                        <td>{change.fromVersion ?? '—'}</td>
                        <td>{change.toVersion}</td>
                        <td className="number">{change.percent === null ? '—' : `${change.percent}%`}</td>
                        <td>{change.actor}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            )}
          </section>
        </>
      ) : null}
    </Page>
  );
}
