import { css } from '@emotion/react';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  TENANT_TABLE_SORTS,
  TenantTable,
  type HealthWindow,
  type TenantTableRemote,
  type TenantTableSort,
} from '@forecourt/admin-contract';
import { useLive } from '../api/use-live';
import { isOperator, mayEditTenantSettings } from '../session/permissions';
import { useSignedIn } from '../session/session';
import { COLOUR, SPACE } from '../theme/tokens';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { ErrorNote } from '../ui/error-note';
import { formatCount } from '../ui/format';
import { Freshness, Loading, Page } from '../ui/page';
import { ScrollRegion, tableStyle } from '../ui/table';
import { WindowChoice } from '../ui/window-choice';
import { remotePath } from './overview';
import { tenantSettingsPath } from './tenant-settings';

/**
 * The fleet's table: one row per tenant, its remotes' pins, canaries and last good, and how they
 * mounted over the window. The server searches, filters, sorts and pages (`GET /_admin/tenant-table`),
 * so the page holds one page of rows however many tenants there are; the choices live in the
 * address, so a filtered view can be shared and survives a reload.
 */

export function tenantPath(tenant: string): string {
  return `/tenants/${encodeURIComponent(tenant)}`;
}

const PAGE_SIZE = 25;
/** Typing pauses this long before the search is asked for. */
const SEARCH_PAUSE_MS = 300;

const SORT_LABELS: Record<TenantTableSort, string> = { tenant: 'Tenant', mounts: 'Clean mounts', failures: 'Failures' };

const controls = css`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${SPACE.sm} ${SPACE.md};
  margin-bottom: ${SPACE.md};
  label {
    display: flex;
    flex-direction: column;
    gap: 0.2rem;
    font-weight: 600;
  }
  input[type='search'],
  select {
    font: inherit;
    min-height: 2.5rem;
    padding: 0.35rem 0.5rem;
    border: 1px solid ${COLOUR.border};
    border-radius: 6px;
    background: ${COLOUR.surface};
    color: ${COLOUR.text};
    max-width: 100%;
  }
`;
const muted = css`
  color: ${COLOUR.muted};
`;

function RemoteLine({ remote }: { remote: TenantTableRemote }) {
  return (
    // A line per remote, kept whole: on a phone the table scrolls in its region instead.
    <li
      data-team={remote.team}
      css={css`
        white-space: nowrap;
      `}
    >
      <strong>{remote.team}</strong> {remote.pin ?? 'no pin'}
      {remote.canary ? (
        <>
          {' '}
          <Badge tone={remote.flagged ? 'danger' : 'warning'}>
            canary {remote.canary.version} @ {remote.canary.share}%{remote.flagged ? ', flagged' : ''}
          </Badge>
        </>
      ) : null}
      {remote.lastGood ? <span css={muted}> · last good {remote.lastGood}</span> : null}
      {remote.failures > 0 ? (
        <span
          css={css`
            color: ${COLOUR.danger};
            font-weight: 600;
          `}
        >
          {' '}
          · {formatCount(remote.failures)} failed
        </span>
      ) : null}
    </li>
  );
}

function SortHeader({
  sort,
  current,
  dir,
  onSort,
  className,
}: {
  sort: TenantTableSort;
  current: TenantTableSort;
  dir: 'asc' | 'desc';
  onSort: (sort: TenantTableSort) => void;
  className?: string;
}) {
  const active = sort === current;
  return (
    <th scope="col" className={className} aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button
        type="button"
        onClick={() => onSort(sort)}
        css={css`
          font: inherit;
          font-weight: 700;
          background: none;
          border: 0;
          padding: 0;
          min-height: 2.5rem;
          color: ${COLOUR.accent};
          cursor: pointer;
          text-align: inherit;
        `}
      >
        {SORT_LABELS[sort]}
        {active ? (dir === 'asc' ? ' ▲' : ' ▼') : ''}
      </button>
    </th>
  );
}

export function TenantsPage() {
  const ids = useId();
  const { account } = useSignedIn();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const window: HealthWindow = params.get('window') === 'day' ? 'day' : 'hour';
  const sortParam = params.get('sort');
  const sort: TenantTableSort = (TENANT_TABLE_SORTS as readonly string[]).includes(sortParam ?? '')
    ? (sortParam as TenantTableSort)
    : 'tenant';
  const dir =
    params.get('dir') === 'asc' || params.get('dir') === 'desc'
      ? (params.get('dir') as 'asc' | 'desc')
      : sort === 'tenant'
        ? 'asc'
        : 'desc';
  const attention = params.get('attention') === 'true';
  const version = params.get('version') ?? '';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);

  // From the address as it is when applied: two changes in one moment both count.
  const change = (next: Record<string, string | null>, keepPage = false) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const [name, value] of Object.entries(next)) {
          if (value === null || value === '') updated.delete(name);
          else updated.set(name, value);
        }
        if (!keepPage) updated.delete('page');
        return updated;
      },
      { replace: true },
    );

  useEffect(() => {
    if (typed === q) return;
    const timer = setTimeout(() => change({ q: typed.trim() }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
    // Only the typing starts a search; the address's other choices are read when it fires.
  }, [typed]);

  const [team, pinned] = version.includes('@') ? version.split('@') : ['', ''];
  const query = new URLSearchParams({
    window,
    sort,
    dir,
    page: String(page),
    pageSize: String(PAGE_SIZE),
    ...(q ? { q } : {}),
    ...(attention ? { attention: 'true' } : {}),
    ...(team && pinned ? { team, version: pinned } : {}),
  });
  const live = useLive(TenantTable, `/_admin/tenant-table?${query}`);
  const table = live.data;
  const pages = table ? Math.max(1, Math.ceil(table.total / table.pageSize)) : 1;

  const onSort = (next: TenantTableSort) =>
    change({ sort: next, dir: next === sort ? (dir === 'asc' ? 'desc' : 'asc') : next === 'tenant' ? 'asc' : 'desc' });

  return (
    <Page
      title="Tenants"
      intro="Every dealer site's remotes: what shoppers get, and how they mounted in shoppers' browsers over the window."
    >
      {isOperator(account) ? (
        <p>
          <Link to="/tenants/new">New tenant</Link>
        </p>
      ) : null}
      <WindowChoice value={window} onChange={(next) => change({ window: next === 'hour' ? null : next }, true)} />
      <form role="search" aria-label="Find tenants" css={controls} onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={`${ids}-q`}>
          Find a tenant
          <input
            id={`${ids}-q`}
            type="search"
            value={typed}
            placeholder="Name or slug"
            autoComplete="off"
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
        <label htmlFor={`${ids}-version`}>
          Running version
          <select id={`${ids}-version`} value={version} onChange={(event) => change({ version: event.target.value })}>
            <option value="">Any version</option>
            {(table?.versions ?? []).map((entry) => (
              <option key={`${entry.team}@${entry.version}`} value={`${entry.team}@${entry.version}`}>
                {entry.team} {entry.version} ({formatCount(entry.tenants)})
              </option>
            ))}
            {version && !table?.versions.some((entry) => `${entry.team}@${entry.version}` === version) ? (
              <option value={version}>{version.replace('@', ' ')}</option>
            ) : null}
          </select>
        </label>
        <label
          htmlFor={`${ids}-attention`}
          css={css`
            flex-direction: row !important;
            align-items: center;
            min-height: 2.5rem;
          `}
        >
          <input
            id={`${ids}-attention`}
            type="checkbox"
            checked={attention}
            onChange={(event) => change({ attention: event.target.checked ? 'true' : null })}
            css={css`
              width: 1.25rem;
              height: 1.25rem;
            `}
          />
          Needs attention only
        </label>
      </form>
      <Freshness updatedAt={live.updatedAt} />
      {live.error ? (
        <ErrorNote lead={table ? 'Could not refresh' : 'Could not load the tenants'} message={live.error.message} />
      ) : null}
      {!table && !live.error ? <Loading what="the tenants" /> : null}
      {table ? (
        <>
          <p role="status" data-total={table.total}>
            {table.total === 0
              ? 'No tenant matches.'
              : `${formatCount(table.total)} ${table.total === 1 ? 'tenant' : 'tenants'}, page ${table.page} of ${pages}.`}
          </p>
          {table.rows.length ? (
            <ScrollRegion label="Tenants">
              <table css={tableStyle} data-tenant-table>
                <thead>
                  <tr>
                    <SortHeader sort="tenant" current={sort} dir={dir} onSort={onSort} />
                    <th scope="col">Remotes: pin, canary, last good</th>
                    <SortHeader sort="mounts" current={sort} dir={dir} onSort={onSort} className="number" />
                    <SortHeader sort="failures" current={sort} dir={dir} onSort={onSort} className="number" />
                    <th scope="col">Needs attention</th>
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row) => {
                    const clean = row.remotes.reduce((sum, remote) => sum + remote.clean, 0);
                    const failures = row.remotes.reduce((sum, remote) => sum + remote.failures, 0);
                    return (
                      <tr key={row.tenant} data-tenant={row.tenant}>
                        <th
                          scope="row"
                          css={css`
                            min-width: 10rem;
                          `}
                        >
                          <Link to={tenantPath(row.tenant)}>{row.name}</Link>
                          <div css={muted}>{row.tenant}</div>
                          {mayEditTenantSettings(account, row.tenant) ? (
                            <Link to={tenantSettingsPath(row.tenant)} aria-label={`Settings of ${row.name}`}>
                              Settings
                            </Link>
                          ) : null}
                        </th>
                        <td>
                          <ul
                            css={css`
                              margin: 0;
                              padding-left: 1rem;
                            `}
                          >
                            {row.remotes.map((remote) => (
                              <RemoteLine key={remote.team} remote={remote} />
                            ))}
                          </ul>
                        </td>
                        <td className="number">{formatCount(clean)}</td>
                        <td className="number">{formatCount(failures)}</td>
                        <td>
                          {row.attention ? (
                            <strong
                              css={css`
                                color: ${COLOUR.danger};
                              `}
                            >
                              {row.attention}
                            </strong>
                          ) : (
                            <span css={muted}>none</span>
                          )}
                          {row.remotes
                            .filter((remote) => remote.flagged)
                            .map((remote) => (
                              <div key={remote.team}>
                                <Link to={remotePath(row.tenant, remote.team)}>Open {remote.team}</Link>
                              </div>
                            ))}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </ScrollRegion>
          ) : null}
          <nav
            aria-label="Pages of tenants"
            css={css`
              display: flex;
              gap: ${SPACE.sm};
              align-items: center;
              margin-top: ${SPACE.md};
            `}
          >
            <Button disabled={table.page <= 1} onClick={() => change({ page: String(table.page - 1) }, true)}>
              Previous page
            </Button>
            <Button disabled={table.page >= pages} onClick={() => change({ page: String(table.page + 1) }, true)}>
              Next page
            </Button>
          </nav>
        </>
      ) : null}
    </Page>
  );
}
