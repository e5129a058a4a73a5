import { css } from '@emotion/react';
import { useId, useState } from 'react';
import { Audit, type AuditEntry } from '@forecourt/admin-contract';
import { useLive } from '../api/use-live';
import { COLOUR, SPACE } from '../theme/tokens';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { ErrorNote } from '../ui/error-note';
import { formatDateTime } from '../ui/format';
import { Freshness, Loading, Page } from '../ui/page';
import { ScrollRegion, tableStyle } from '../ui/table';
import { useTenantNames } from './use-tenant-names';

const PAGE = 100;

/** A before or after of the audit, compact: the pin and canary of a pin change, else the JSON. */
export function describeState(state: unknown): string {
  if (state === null || state === undefined) return '—';
  const pinState = state as {
    pin?: { version?: string } | null;
    canary?: { version?: string; percent?: number } | null;
  };
  if (typeof state === 'object' && 'pin' in pinState && 'canary' in pinState) {
    const pin = pinState.pin?.version ?? 'no pin';
    return pinState.canary ? `${pin}, canary ${pinState.canary.version} at ${pinState.canary.percent}%` : pin;
  }
  return JSON.stringify(state);
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const refused = entry.outcome === 'refused';
  return (
    <tr
      data-outcome={entry.outcome}
      css={
        refused
          ? css`
              background: ${COLOUR.dangerSurface};
            `
          : undefined
      }
    >
      <td>
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </td>
      <td>{entry.accountName ?? '—'}</td>
      <td>{entry.action}</td>
      <td>{[entry.tenant, entry.team].filter(Boolean).join(' · ') || '—'}</td>
      <td>{refused ? <Badge tone="danger">refused</Badge> : <Badge tone="success">allowed</Badge>}</td>
      <td
        css={css`
          min-width: 12rem;
          overflow-wrap: anywhere;
        `}
      >
        {refused ? entry.reason : `${describeState(entry.before)} → ${describeState(entry.after)}`}
      </td>
    </tr>
  );
}

/** Every change and refused attempt, newest first: who, what, where, and before and after. */
export function AuditPage() {
  const filterId = useId();
  const [tenant, setTenant] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const { tenants, error: tenantsError } = useTenantNames();
  const query = new URLSearchParams({ limit: String(limit), ...(tenant ? { tenant } : {}) });
  const live = useLive(Audit, `/_admin/audit?${query.toString()}`);
  const entries = live.data?.entries;

  return (
    <Page
      title="Audit"
      intro="Every change made through the admin API and every refused attempt, with the person's name. Nobody can rewrite it."
    >
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: ${SPACE.sm};
          align-items: flex-end;
          margin-bottom: ${SPACE.sm};
        `}
      >
        <div
          css={css`
            display: flex;
            flex-direction: column;
            gap: 0.2rem;
          `}
        >
          <label
            htmlFor={filterId}
            css={css`
              font-weight: 600;
            `}
          >
            Tenant
          </label>
          <select id={filterId} value={tenant} onChange={(event) => setTenant(event.target.value)}>
            <option value="">Every tenant (and the platform)</option>
            {tenants.map((t) => (
              <option key={t.tenant} value={t.tenant}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {tenantsError ? (
        <ErrorNote lead="Could not list the tenants to choose from" message={tenantsError.message} />
      ) : null}
      <Freshness updatedAt={live.updatedAt} />
      {live.error ? (
        <ErrorNote lead={entries ? 'Could not refresh' : 'Could not load the audit'} message={live.error.message} />
      ) : null}
      {!entries && !live.error ? <Loading what="the audit" /> : null}
      {entries && entries.length === 0 ? <p>No entry.</p> : null}
      {entries && entries.length > 0 ? (
        <>
          <ScrollRegion label="Audit entries">
            <table css={tableStyle}>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Action</th>
                  <th scope="col">Where</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Before → after, or why refused</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          {entries.length >= limit && limit < 1000 ? (
            <p>
              <Button onClick={() => setLimit((n) => Math.min(1000, n + PAGE * 4))}>Show older entries</Button>
            </p>
          ) : null}
        </>
      ) : null}
    </Page>
  );
}
