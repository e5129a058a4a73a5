import { css } from '@emotion/react';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  StockImportDetail,
  StockImports,
  StockKeys,
  type ApplyAnywayBody,
  type CreatedStockKey,
  type ImportRowError,
  type ImportState,
  type StockImport,
} from '@forecourt/admin-contract';
import { useLive } from '../api/use-live';
import { managesStockKeys, mayChangeFeeds, mayManageStockKeys } from '../session/permissions';
import { useSession, useSignedIn } from '../session/session';
import { COLOUR, SPACE } from '../theme/tokens';
import { Badge, type BadgeTone } from '../ui/badge';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { ErrorNote } from '../ui/error-note';
import { formatCount, formatDuration } from '../ui/format';
import { Freshness, Loading, Page } from '../ui/page';
import { panelStyle, ShownOnce } from '../ui/shown-once';
import { ScrollRegion, tableStyle } from '../ui/table';
import { TenantPicker, type TenantName } from '../ui/tenant-picker';
import { When } from '../ui/when';
import { TenantFeeds } from './stock-feeds';
import { KeysTable, NewKeyForm } from './stock-keys';
import { TenantPhotos } from './stock-photos';
import { useTenantNames } from './use-tenant-names';

const STATUS_TONES: Record<ImportState, BadgeTone> = {
  queued: 'neutral',
  running: 'accent',
  done: 'success',
  failed: 'danger',
  quarantined: 'warning',
};

const COUNTS = ['created', 'updated', 'unchanged', 'withdrawn', 'rejected'] as const;

const wrap = css`
  overflow-wrap: anywhere;
`;
const done = css`
  color: ${COLOUR.success};
  font-weight: 600;
`;
const part = css`
  margin-top: ${SPACE.lg};
`;

/** A cell as a spreadsheet opens it: quoted where needed, and never read as a formula. */
function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** An import's rejected rows as CSV, made from the detail the API answered: row, vehicle_id, field, message. */
export function rejectedRowsCsv(errors: readonly ImportRowError[]): string {
  const lines = [
    ['row', 'vehicle_id', 'field', 'message'],
    ...errors.map((error) => [error.row, error.vehicle_id, error.field, error.message]),
  ];
  return `${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

function ApplyAnywayButton({ entry, onDone }: { entry: StockImport; onDone: (text: string) => void }) {
  const { api } = useSession();
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog
      title={`Apply import ${entry.id} anyway?`}
      confirmLabel="Apply anyway"
      tone="danger"
      confirmDisabled={reason.trim() === ''}
      trigger={
        <Button tone="danger" aria-label={`Apply import ${entry.id} anyway`}>
          Apply anyway
        </Button>
      }
      onConfirm={async () => {
        await api.send(StockImportDetail, 'POST', `/_admin/imports/${entry.id}/apply`, {
          reason: reason.trim(),
        } satisfies ApplyAnywayBody);
        setReason('');
        onDone(`Import ${entry.id} is queued to apply anyway: its cars change in a moment.`);
      }}
    >
      <p css={wrap}>Held back: {entry.message ?? 'quarantined'}</p>
      <p>
        Applied anyway, the feed becomes the site&apos;s cars of source {entry.source} as it is: those it does not list
        are withdrawn. The reason is kept on the import and in the audit.
      </p>
      <label
        htmlFor={id}
        css={css`
          display: block;
          font-weight: 600;
          margin-top: ${SPACE.sm};
        `}
      >
        Reason
      </label>
      <textarea
        id={id}
        required
        maxLength={500}
        rows={3}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        css={css`
          width: 100%;
          box-sizing: border-box;
          font: inherit;
        `}
      />
    </ConfirmDialog>
  );
}

/** Imports the snapshot rules held back: nothing of them applied until someone who may says they are right. */
function Quarantined({ imports, onApplied }: { imports: StockImport[]; onApplied: (text: string) => void }) {
  if (imports.length === 0) return null;
  return (
    <section
      aria-labelledby="quarantined-title"
      css={[
        panelStyle,
        css`
          border: 2px solid ${COLOUR.warning};
          background: ${COLOUR.warningSurface};
        `,
      ]}
    >
      <h3
        id="quarantined-title"
        css={css`
          margin-top: 0;
        `}
      >
        Held back: {imports.length === 1 ? '1 quarantined import' : `${imports.length} quarantined imports`}
      </h3>
      <ul
        css={css`
          list-style: none;
          margin: 0;
          padding: 0;
          display: grid;
          gap: ${SPACE.sm};
        `}
      >
        {imports.map((entry) => (
          <li
            key={entry.id}
            data-import={entry.id}
            css={css`
              display: flex;
              flex-wrap: wrap;
              gap: ${SPACE.sm};
              align-items: center;
              justify-content: space-between;
            `}
          >
            <div
              css={[
                wrap,
                css`
                  flex: 1 1 20rem;
                `,
              ]}
            >
              <strong>
                Import {entry.id} of source {entry.source}
              </strong>{' '}
              (<When at={entry.created_at} />, {formatCount(entry.rows ?? 0)} rows): {entry.message ?? 'quarantined'}
            </div>
            <ApplyAnywayButton entry={entry} onDone={onApplied} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ImportsTable({
  imports,
  tenantName,
  onShow,
}: {
  imports: StockImport[];
  tenantName: string;
  onShow: (id: string) => void;
}) {
  if (imports.length === 0) return <p>No imports yet.</p>;
  return (
    <ScrollRegion label={`Recent imports of ${tenantName}`}>
      <table css={tableStyle}>
        <thead>
          <tr>
            <th scope="col">Import</th>
            <th scope="col">Received</th>
            <th scope="col">Source</th>
            <th scope="col">Status</th>
            {COUNTS.map((count) => (
              <th key={count} scope="col" className="number">
                {count[0]!.toUpperCase() + count.slice(1)}
              </th>
            ))}
            <th scope="col">Took</th>
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          {imports.map((entry) => (
            <tr key={entry.id} data-import={entry.id}>
              <th scope="row">{entry.id}</th>
              <td>
                <When at={entry.created_at} />
              </td>
              <td css={wrap}>{entry.source}</td>
              <td>
                <Badge tone={STATUS_TONES[entry.status]}>{entry.status}</Badge>
                {entry.applied_anyway ? ' applied anyway' : null}
              </td>
              {COUNTS.map((count) => (
                <td key={count} className="number">
                  {formatCount(entry.counts[count])}
                </td>
              ))}
              <td>{entry.duration_seconds === null ? '—' : formatDuration(entry.duration_seconds)}</td>
              <td>
                <Button aria-label={`Show import ${entry.id}`} onClick={() => onShow(entry.id)}>
                  Show
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** One import: what happened, why, and its rejected rows, which download as CSV. */
function ImportDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const live = useLive(StockImportDetail, `/_admin/imports/${id}`);
  const entry = live.data?.import;
  return (
    <section aria-labelledby="import-detail-title" css={panelStyle}>
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: ${SPACE.sm};
          justify-content: space-between;
          align-items: baseline;
        `}
      >
        <h3
          id="import-detail-title"
          css={css`
            margin: 0;
          `}
        >
          Import {id}
        </h3>
        <Button onClick={onClose}>Close</Button>
      </div>
      {live.error ? (
        <ErrorNote lead={entry ? 'Could not refresh' : `Could not load import ${id}`} message={live.error.message} />
      ) : null}
      {!entry && !live.error ? <Loading what={`import ${id}`} /> : null}
      {entry ? (
        <>
          <dl
            css={css`
              display: grid;
              grid-template-columns: max-content minmax(0, 1fr);
              gap: ${SPACE.xs} ${SPACE.md};
              margin: ${SPACE.sm} 0;
              dd {
                margin: 0;
                overflow-wrap: anywhere;
              }
            `}
          >
            <dt>Status</dt>
            <dd>
              <Badge tone={STATUS_TONES[entry.status]}>{entry.status}</Badge>
              {entry.message && !entry.applied_anyway ? ` ${entry.message}` : null}
            </dd>
            <dt>Source</dt>
            <dd>
              {entry.source}
              {entry.url ? `, pulled from ${entry.url}` : `, sent by ${entry.created_by}`}
            </dd>
            <dt>Received</dt>
            <dd>
              <When at={entry.created_at} />
            </dd>
            <dt>Rows</dt>
            <dd>{entry.rows === null ? '—' : formatCount(entry.rows)}</dd>
            <dt>Cars</dt>
            <dd>{COUNTS.map((count) => `${formatCount(entry.counts[count])} ${count}`).join(', ')}</dd>
            {entry.applied_anyway ? (
              <>
                <dt>Held back</dt>
                <dd>{entry.message ?? '—'}</dd>
                <dt>Applied anyway</dt>
                <dd>
                  by {entry.applied_anyway.by}, <When at={entry.applied_anyway.at} />: {entry.applied_anyway.reason}
                </dd>
              </>
            ) : null}
          </dl>
          <h4
            css={css`
              margin-bottom: ${SPACE.xs};
            `}
          >
            Rejected rows
          </h4>
          {entry.errors.length === 0 ? (
            <p>None.</p>
          ) : (
            <>
              <p>
                <a
                  href={`data:text/csv;charset=utf-8,${encodeURIComponent(rejectedRowsCsv(entry.errors))}`}
                  download={`import-${entry.id}-rejected-rows.csv`}
                >
                  Download rejected rows (CSV)
                </a>
                {entry.error_count > entry.errors.length ? ` (the first ${formatCount(entry.errors.length)})` : null}
              </p>
              <ScrollRegion label={`Rejected rows of import ${entry.id}`} maxHeight="24rem">
                <table css={tableStyle}>
                  <thead>
                    <tr>
                      <th scope="col" className="number">
                        Row
                      </th>
                      <th scope="col">vehicle_id</th>
                      <th scope="col">Field</th>
                      <th scope="col">Message</th>
                    </tr>
                  </thead>
                  <tbody>
                    {entry.errors.map((error, index) => (
                      <tr key={index}>
                        <td className="number">{error.row ?? '—'}</td>
                        <td css={wrap}>{error.vehicle_id ?? '—'}</td>
                        <td>
                          <code>{error.field}</code>
                        </td>
                        <td
                          css={[
                            wrap,
                            css`
                              min-width: 14rem;
                            `,
                          ]}
                        >
                          {error.message}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            </>
          )}
        </>
      ) : null}
    </section>
  );
}

/** A tenant's Stock API keys: made (shown once), listed, revoked. */
function TenantKeys({ tenant, onChanged }: { tenant: TenantName; onChanged: (text: string) => void }) {
  const live = useLive(StockKeys, `/_admin/stock-keys?tenant=${encodeURIComponent(tenant.tenant)}`);
  const [created, setCreated] = useState<CreatedStockKey | null>(null);
  const changed = (text: string) => {
    onChanged(text);
    live.refresh();
  };
  return (
    <>
      {live.error ? (
        <ErrorNote
          lead={live.data ? 'Could not refresh' : 'Could not load the stock keys'}
          message={live.error.message}
        />
      ) : null}
      {!live.data && !live.error ? <Loading what="the stock keys" /> : null}
      {live.data ? <KeysTable keys={live.data.keys} tenantName={tenant.name} onRevoked={changed} /> : null}
      <div
        css={css`
          margin-top: ${SPACE.md};
        `}
      >
        <NewKeyForm
          tenants={[tenant]}
          choose={false}
          onCreated={(made) => {
            setCreated(made);
            changed(`Key ${made.key.id} (${made.key.label}) of ${tenant.name} is made. Copy it below now.`);
          }}
        />
      </div>
      {created ? (
        <ShownOnce
          label={`New key for ${tenant.name}: ${created.key.label}`}
          value={created.secret}
          copyLabel="Copy key"
          noun="key"
        >
          <p
            css={css`
              margin: 0;
            `}
          >
            <strong>You will not see this key again.</strong> Copy it now into the dealer&apos;s system: the platform
            keeps only a fingerprint of it.
          </p>
          <div
            css={css`
              margin-top: ${SPACE.sm};
            `}
          >
            <Button onClick={() => setCreated(null)}>I have copied it</Button>
          </div>
        </ShownOnce>
      ) : null}
    </>
  );
}

function TenantStock({ tenant }: { tenant: TenantName }) {
  const { account: me } = useSignedIn();
  const slug = encodeURIComponent(tenant.tenant);
  const imports = useLive(StockImports, `/_admin/imports?tenant=${slug}&limit=20`);
  const [shown, setShown] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const list = imports.data?.imports;
  const say = (text: string) => setSaid(text);

  return (
    <>
      <div role="status">{said ? <p css={done}>{said}</p> : null}</div>
      <Freshness updatedAt={imports.updatedAt} />
      {list ? (
        <Quarantined
          imports={list.filter((entry) => entry.status === 'quarantined')}
          onApplied={(text) => {
            say(text);
            imports.refresh();
          }}
        />
      ) : null}

      <section aria-labelledby="imports-title" css={part}>
        <h3 id="imports-title">Recent imports</h3>
        {imports.error ? (
          <ErrorNote lead={list ? 'Could not refresh' : 'Could not load the imports'} message={imports.error.message} />
        ) : null}
        {!list && !imports.error ? <Loading what="the imports" /> : null}
        {list ? <ImportsTable imports={list} tenantName={tenant.name} onShow={setShown} /> : null}
      </section>
      {shown ? <ImportDetail key={shown} id={shown} onClose={() => setShown(null)} /> : null}

      <section aria-labelledby="feeds-title" css={part}>
        <h3 id="feeds-title">Scheduled feeds</h3>
        <TenantFeeds tenant={tenant} mayChange={mayChangeFeeds(me, tenant.tenant)} onChanged={say} />
      </section>

      <section aria-labelledby="photos-title" css={part}>
        <h3 id="photos-title">Photos</h3>
        <TenantPhotos tenant={tenant} />
      </section>

      <section aria-labelledby="keys-title" css={part}>
        <h3 id="keys-title">Stock API keys</h3>
        <TenantKeys tenant={tenant} onChanged={say} />
      </section>
    </>
  );
}

/**
 * A tenant's stock as it comes in: its feed imports (what each did, the rows it rejected, the
 * quarantined ones, which may be applied anyway), its scheduled feeds (set, changed and removed
 * here), its photos the platform could not fetch yet, and its Stock API keys.
 * The admin API shows all of it only to those who may change it (operators, the tenant's
 * managers); a viewer has none of it.
 */
export function StockPage() {
  const { account: me } = useSignedIn();
  const manages = managesStockKeys(me);
  const { tenants: seen, error: tenantsError } = useTenantNames();
  const [params, setParams] = useSearchParams();

  if (!manages) {
    return (
      <Page title="Stock">
        <p>
          A site&apos;s feeds, imports and stock keys are for operators and each tenant&apos;s managers. Ask one about a
          dealer&apos;s stock.
        </p>
      </Page>
    );
  }

  const tenants = seen.filter((tenant) => mayManageStockKeys(me, tenant.tenant));
  const asked = params.get('tenant');
  const tenant = tenants.find((t) => t.tenant === asked) ?? tenants[0] ?? null;

  return (
    <Page
      title="Stock"
      intro={
        <>
          How each site&apos;s cars come in: feed imports and what they did, the feeds pulled on a schedule, the
          dealer&apos;s photos the platform fetches, and the Stock API keys dealers&apos; systems write with. Every
          tenant&apos;s keys on one page: <Link to="/stock-keys">Stock keys</Link>.
        </>
      }
    >
      {tenantsError ? <ErrorNote lead="Could not list the tenants" message={tenantsError.message} /> : null}
      {!tenantsError && seen.length === 0 ? <Loading what="the tenants" /> : null}
      {seen.length > 0 && tenants.length === 0 ? <p>No tenant to show.</p> : null}
      {tenant ? (
        <>
          <div
            css={css`
              margin-bottom: ${SPACE.sm};
            `}
          >
            <TenantPicker
              inline
              tenants={tenants}
              value={tenant.tenant}
              onChange={(chosen) => setParams({ tenant: chosen })}
            />
          </div>
          <h2 css={wrap}>{tenant.name}</h2>
          <TenantStock key={tenant.tenant} tenant={tenant} />
        </>
      ) : null}
    </Page>
  );
}
