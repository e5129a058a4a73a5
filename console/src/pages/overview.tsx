import { css } from '@emotion/react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Overview, type HealthWindow, type RemoteHealth, type TenantHealth } from '@forecourt/admin-contract';
import { useLive } from '../api/use-live';
import { COLOUR, RADIUS, SPACE } from '../theme/tokens';
import { Badge } from '../ui/badge';
import { ErrorNote } from '../ui/error-note';
import { totalFailures } from '../ui/format';
import { Freshness, Loading, Page } from '../ui/page';
import { WindowChoice } from '../ui/window-choice';
import { RemoteFacts, VersionHealthBlock } from './remote-summary';
import { tenantSettingsPath } from './tenant-settings';
import { mayEditTenantSettings } from '../session/permissions';
import { useSignedIn } from '../session/session';

export function remotePath(tenant: string, team: string): string {
  return `/tenants/${encodeURIComponent(tenant)}/${encodeURIComponent(team)}`;
}

/** What needs an operator's eye first: flagged canaries, then remotes with any failure. */
export function needsAttention(
  tenants: readonly TenantHealth[],
): { tenant: TenantHealth; remote: RemoteHealth; why: string }[] {
  const found: { tenant: TenantHealth; remote: RemoteHealth; why: string; rank: number }[] = [];
  for (const tenant of tenants) {
    for (const remote of tenant.remotes) {
      const failures = remote.versions.reduce((sum, v) => sum + totalFailures(v.failures), 0);
      if (remote.flagged && remote.canary)
        found.push({ tenant, remote, why: `canary ${remote.canary.version} fails more often than the pin`, rank: 0 });
      else if (failures > 0)
        found.push({ tenant, remote, why: `${failures} ${failures === 1 ? 'failure' : 'failures'}`, rank: 1 });
    }
  }
  return found.sort((a, b) => a.rank - b.rank).map(({ rank: _rank, ...rest }) => rest);
}

const card = css`
  background: ${COLOUR.surface};
  border: 1px solid ${COLOUR.border};
  border-radius: ${RADIUS};
  padding: ${SPACE.md};
  min-width: 0;
`;

function RemoteCard({
  tenant,
  remote,
  span,
  bucketSeconds,
}: {
  tenant: TenantHealth;
  remote: RemoteHealth;
  span: HealthWindow;
  bucketSeconds: number;
}) {
  return (
    <article
      aria-labelledby={`remote-${tenant.tenant}-${remote.team}`}
      data-team={remote.team}
      css={[
        card,
        remote.flagged
          ? css`
              border: 2px solid ${COLOUR.danger};
            `
          : null,
      ]}
    >
      <h3 id={`remote-${tenant.tenant}-${remote.team}`}>
        <Link to={remotePath(tenant.tenant, remote.team)}>{remote.team}</Link>
        {remote.flagged ? (
          <>
            {' '}
            <Badge tone="danger">canary flagged</Badge>
          </>
        ) : null}
      </h3>
      <RemoteFacts remote={remote} />
      {remote.versions.length === 0 ? (
        <p
          css={css`
            color: ${COLOUR.muted};
            margin: 0;
          `}
        >
          No mount reports in this window.
        </p>
      ) : null}
      {remote.versions.map((version) => (
        <VersionHealthBlock
          key={version.version}
          subject={`${tenant.name} ${remote.team}`}
          version={version}
          span={span}
          bucketSeconds={bucketSeconds}
          height={70}
        />
      ))}
    </article>
  );
}

/** One tenant's remotes: each one's pin, canary, last good and health per version, with their charts. */
export function OverviewPage() {
  const { tenant: only = '' } = useParams();
  const [span, setSpan] = useState<HealthWindow>('hour');
  const live = useLive(Overview, `/_admin/overview?window=${span}&tenant=${encodeURIComponent(only)}`);
  const overview = live.data;
  const attention = overview ? needsAttention(overview.tenants) : [];
  const { account } = useSignedIn();

  return (
    <Page
      title={overview?.tenants[0]?.name ?? only}
      intro={
        <>
          The site&apos;s remotes: what shoppers get, and how each version mounts in their browsers.{' '}
          <Link to="/">All tenants</Link>
        </>
      }
    >
      <WindowChoice value={span} onChange={setSpan} />
      <Freshness updatedAt={live.updatedAt} />
      {live.error ? (
        <ErrorNote lead={overview ? 'Could not refresh' : 'Could not load the tenants'} message={live.error.message} />
      ) : null}
      {!overview && !live.error ? <Loading what="the tenants" /> : null}
      {overview ? (
        <>
          <section
            aria-labelledby="attention"
            css={[
              card,
              css`
                border-color: ${attention.length ? COLOUR.danger : COLOUR.border};
              `,
            ]}
          >
            <h2
              id="attention"
              css={css`
                margin-top: 0;
              `}
            >
              Needs attention
            </h2>
            {attention.length === 0 ? (
              <p
                css={css`
                  margin: 0;
                `}
              >
                No failures and no flagged canary in this window.
              </p>
            ) : (
              <ul
                css={css`
                  margin: 0;
                  padding-left: 1.2rem;
                `}
              >
                {attention.map(({ tenant, remote, why }) => (
                  <li key={`${tenant.tenant}/${remote.team}`}>
                    <Link to={remotePath(tenant.tenant, remote.team)}>
                      {tenant.name} · {remote.team}
                    </Link>
                    :{' '}
                    <strong
                      css={css`
                        color: ${COLOUR.danger};
                      `}
                    >
                      {why}
                    </strong>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {overview.tenants.length === 0 ? <p>This account sees no tenant.</p> : null}
          {overview.tenants.map((tenant) => (
            <section key={tenant.tenant} aria-labelledby={`tenant-${tenant.tenant}`} data-tenant={tenant.tenant}>
              <h2 id={`tenant-${tenant.tenant}`}>
                {tenant.name}{' '}
                <span
                  css={css`
                    color: ${COLOUR.muted};
                    font-weight: 400;
                    font-size: 0.95rem;
                  `}
                >
                  ({tenant.tenant})
                </span>
              </h2>
              {mayEditTenantSettings(account, tenant.tenant) ? (
                <p>
                  <Link to={tenantSettingsPath(tenant.tenant)}>Settings of {tenant.name}</Link>
                </p>
              ) : null}
              <div
                css={css`
                  display: grid;
                  grid-template-columns: repeat(auto-fill, minmax(min(100%, 34rem), 1fr));
                  gap: ${SPACE.md};
                `}
              >
                {tenant.remotes.map((remote) => (
                  <RemoteCard
                    key={remote.team}
                    tenant={tenant}
                    remote={remote}
                    span={span}
                    bucketSeconds={overview.bucketSeconds}
                  />
                ))}
              </div>
            </section>
          ))}
        </>
      ) : null}
    </Page>
  );
}
