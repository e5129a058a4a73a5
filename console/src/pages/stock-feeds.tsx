import { css } from '@emotion/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FeedScheduleChange, FeedSchedules, type FeedSchedule, type ScheduleBody } from '@forecourt/admin-contract';
import { ApiError, errorText } from '../api/client';
import { useLive } from '../api/use-live';
import { useSession } from '../session/session';
import { COLOUR, SPACE } from '../theme/tokens';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { ErrorNote } from '../ui/error-note';
import { formatDuration } from '../ui/format';
import { Loading } from '../ui/page';
import { panelStyle } from '../ui/shown-once';
import { ScrollRegion, tableStyle } from '../ui/table';
import type { TenantName } from '../ui/tenant-picker';
import { When } from '../ui/when';

/**
 * The Stock API's rules for a schedule (infra's ScheduleBody), checked by the browser first so a
 * slip is caught before a request; the API checks again and has the last word, shown as it says it.
 */
const SOURCE_PATTERN = String.raw`[a-z0-9][a-z0-9_\-]{0,39}`;
const MIN_INTERVAL = 15;
const MAX_INTERVAL = 7 * 24 * 60;
const FORMATS: { value: FeedSchedule['format']; label: string }[] = [
  { value: 'meta-auto', label: "Meta's automotive inventory feed" },
];

const wrap = css`
  overflow-wrap: anywhere;
`;
const field = css`
  display: flex;
  flex-direction: column;
  gap: 0.2rem;
`;
const help = css`
  color: ${COLOUR.muted};
  font-size: 0.9rem;
`;

type FieldName = keyof ScheduleBody | 'source';

const feedPath = (tenant: string, source: string) =>
  `/_admin/feeds/${encodeURIComponent(tenant)}/${encodeURIComponent(source)}`;

function RemoveFeedButton({
  feed,
  tenant,
  onDone,
}: {
  feed: FeedSchedule;
  tenant: TenantName;
  onDone: (text: string) => void;
}) {
  const { api } = useSession();
  return (
    <ConfirmDialog
      title={`Remove feed ${feed.source} of ${tenant.name}?`}
      confirmLabel="Remove feed"
      tone="danger"
      trigger={
        <Button tone="danger" aria-label={`Remove feed ${feed.source}`}>
          Remove
        </Button>
      }
      onConfirm={async () => {
        await api.send(FeedScheduleChange, 'DELETE', feedPath(tenant.tenant, feed.source));
        onDone(`Feed ${feed.source} of ${tenant.name} is removed: it is pulled no more.`);
      }}
    >
      <p css={wrap}>The platform stops pulling {feed.url}.</p>
      <p>
        The cars its feeds brought stay on the site as they are: a feed of source {feed.source} sent again, or the Stock
        API, changes them. A schedule made again is pulled at once.
      </p>
    </ConfirmDialog>
  );
}

interface FeedActions {
  onChange: (feed: FeedSchedule) => void;
  onRemoved: (feed: FeedSchedule, text: string) => void;
}

/** `actions` null: the account may look, not change (the table has no actions column). */
function FeedsTable({
  feeds,
  tenant,
  actions,
}: {
  feeds: FeedSchedule[];
  tenant: TenantName;
  actions: FeedActions | null;
}) {
  if (feeds.length === 0)
    return <p>No scheduled feeds: this site&apos;s feeds are uploaded (or it writes through the Stock API).</p>;
  return (
    <ScrollRegion label={`Scheduled feeds of ${tenant.name}`}>
      <table css={tableStyle}>
        <thead>
          <tr>
            <th scope="col">Source</th>
            <th scope="col">URL</th>
            <th scope="col">Every</th>
            <th scope="col">Last pull</th>
            <th scope="col">Outcome</th>
            <th scope="col">Next pull</th>
            {actions ? <th scope="col">Actions</th> : null}
          </tr>
        </thead>
        <tbody>
          {feeds.map((feed) => (
            <tr key={feed.source} data-feed={feed.source}>
              <th scope="row">{feed.source}</th>
              <td
                css={[
                  wrap,
                  css`
                    min-width: 12rem;
                  `,
                ]}
              >
                {feed.url}
              </td>
              <td>{formatDuration(feed.interval_minutes * 60)}</td>
              <td>
                <When at={feed.last_pulled_at} />
              </td>
              <td
                css={[
                  wrap,
                  css`
                    min-width: 10rem;
                  `,
                ]}
              >
                {feed.last_outcome === null ? (
                  '—'
                ) : (
                  <>
                    <Badge
                      tone={
                        feed.last_outcome === 'failed'
                          ? 'danger'
                          : feed.last_outcome === 'queued'
                            ? 'success'
                            : 'neutral'
                      }
                    >
                      {feed.last_outcome}
                    </Badge>
                    {feed.last_outcome === 'queued' && feed.last_import_id ? ` as import ${feed.last_import_id}` : null}
                    {feed.last_message ? <div>{feed.last_message}</div> : null}
                  </>
                )}
              </td>
              <td>
                <When at={feed.next_pull_at} />
              </td>
              {actions ? (
                <td>
                  <div
                    css={css`
                      display: flex;
                      flex-wrap: wrap;
                      gap: ${SPACE.xs};
                    `}
                  >
                    <Button aria-label={`Change feed ${feed.source}`} onClick={() => actions.onChange(feed)}>
                      Change
                    </Button>
                    <RemoveFeedButton feed={feed} tenant={tenant} onDone={(text) => actions.onRemoved(feed, text)} />
                  </div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/**
 * Makes a schedule (`feed` null) or changes one: `PUT /_admin/feeds/:tenant/:source`, which makes
 * the source's schedule or changes it. A refusal is shown beside the form as the API wrote it; a
 * 400 names the field, which is marked invalid.
 */
function FeedForm({
  tenant,
  feed,
  onSaved,
  onCancel,
}: {
  tenant: TenantName;
  feed: FeedSchedule | null;
  onSaved: (feed: FeedSchedule) => void;
  onCancel: () => void;
}) {
  const { api } = useSession();
  const ids = useId();
  const urlInput = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState(feed?.source ?? '');
  const [url, setUrl] = useState(feed?.url ?? '');
  const [format, setFormat] = useState<FeedSchedule['format']>(feed?.format ?? 'meta-auto');
  const [minutes, setMinutes] = useState(String(feed?.interval_minutes ?? 60));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field: string | null } | null>(null);

  // Changing a feed starts at its URL: the form is below the table whose button opened it.
  useEffect(() => {
    if (feed) urlInput.current?.focus();
  }, [feed]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const body: ScheduleBody = { url: url.trim(), format, interval_minutes: Number(minutes) };
    try {
      const answer = await api.send(FeedScheduleChange, 'PUT', feedPath(tenant.tenant, source.trim()), body);
      onSaved(answer.feed);
    } catch (failure) {
      setError({
        message: errorText(failure),
        field: failure instanceof ApiError ? (failure.body?.field ?? null) : null,
      });
    } finally {
      setBusy(false);
    }
  };

  /** A field's ids to say what it takes and, when the API named it, what was wrong. */
  const described = (name: FieldName) => ({
    'aria-invalid': error?.field === name || undefined,
    'aria-describedby': [`${ids}-${name}-help`, error?.field === name ? `${ids}-error` : null]
      .filter(Boolean)
      .join(' '),
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      css={[
        panelStyle,
        css`
          margin-top: ${SPACE.md};
        `,
      ]}
      aria-labelledby={`${ids}-title`}
    >
      <h4
        id={`${ids}-title`}
        css={[
          wrap,
          css`
            margin: 0 0 ${SPACE.sm};
          `,
        ]}
      >
        {feed ? `Change feed ${feed.source}` : 'Add a scheduled feed'}
      </h4>
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: ${SPACE.sm} ${SPACE.md};
          margin-bottom: ${SPACE.sm};
        `}
      >
        <div
          css={[
            field,
            css`
              flex: 1 1 10rem;
              max-width: 16rem;
            `,
          ]}
        >
          <label
            htmlFor={`${ids}-source`}
            css={css`
              font-weight: 600;
            `}
          >
            Source
          </label>
          <input
            id={`${ids}-source`}
            required
            readOnly={feed !== null}
            pattern={SOURCE_PATTERN}
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            value={source}
            onChange={(event) => setSource(event.target.value)}
            css={css`
              &[readonly] {
                background: ${COLOUR.page};
              }
            `}
            {...described('source')}
          />
          <span id={`${ids}-source-help`} css={help}>
            {feed
              ? 'A feed keeps its source: remove it and add another to rename it.'
              : "Lower-case letters, digits, - or _. A feed withdraws only its own source's cars."}
          </span>
        </div>
        <div
          css={[
            field,
            css`
              flex: 3 1 18rem;
            `,
          ]}
        >
          <label
            htmlFor={`${ids}-url`}
            css={css`
              font-weight: 600;
            `}
          >
            URL
          </label>
          <input
            ref={urlInput}
            id={`${ids}-url`}
            type="url"
            required
            maxLength={2048}
            autoComplete="off"
            spellCheck={false}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            {...described('url')}
          />
          <span id={`${ids}-url-help`} css={help}>
            Where the dealer&apos;s system publishes its stock: http or https, on a public address.
          </span>
        </div>
        <div
          css={[
            field,
            css`
              flex: 1 1 12rem;
            `,
          ]}
        >
          <label
            htmlFor={`${ids}-format`}
            css={css`
              font-weight: 600;
            `}
          >
            Format
          </label>
          <select
            id={`${ids}-format`}
            value={format}
            onChange={(event) => setFormat(event.target.value as FeedSchedule['format'])}
            {...described('format')}
          >
            {FORMATS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <span id={`${ids}-format-help`} css={help}>
            CSV, TSV or XML, as the answer says.
          </span>
        </div>
        <div
          css={[
            field,
            css`
              flex: 0 1 10rem;
            `,
          ]}
        >
          <label
            htmlFor={`${ids}-interval_minutes`}
            css={css`
              font-weight: 600;
            `}
          >
            Every (minutes)
          </label>
          <input
            id={`${ids}-interval_minutes`}
            type="number"
            required
            min={MIN_INTERVAL}
            max={MAX_INTERVAL}
            step={1}
            inputMode="numeric"
            value={minutes}
            onChange={(event) => setMinutes(event.target.value)}
            {...described('interval_minutes')}
          />
          <span id={`${ids}-interval_minutes-help`} css={help}>
            At least {MIN_INTERVAL}, at most a week.
          </span>
        </div>
      </div>
      <div id={`${ids}-error`}>{error ? <ErrorNote lead="Feed not saved" message={error.message} /> : null}</div>
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: ${SPACE.sm};
        `}
      >
        <Button type="submit" tone="primary" busy={busy}>
          {feed ? 'Save feed' : 'Add feed'}
        </Button>
        {feed ? (
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * A tenant's scheduled feeds: each with its last pull and what came of it and, for an account
 * that may change them, a form that adds one or changes one, and a remove that asks first.
 */
export function TenantFeeds({
  tenant,
  mayChange,
  onChanged,
}: {
  tenant: TenantName;
  mayChange: boolean;
  onChanged: (text: string) => void;
}) {
  const feeds = useLive(FeedSchedules, `/_admin/feeds?tenant=${encodeURIComponent(tenant.tenant)}`);
  const [editing, setEditing] = useState<FeedSchedule | null>(null);
  // Each save starts a fresh form: the one saved is in the table now.
  const [saves, setSaves] = useState(0);
  const changed = (text: string) => {
    onChanged(text);
    feeds.refresh();
  };
  const actions: FeedActions | null = mayChange
    ? {
        onChange: setEditing,
        onRemoved: (feed, text) => {
          if (editing?.source === feed.source) setEditing(null);
          changed(text);
        },
      }
    : null;
  return (
    <>
      {feeds.error ? (
        <ErrorNote
          lead={feeds.data ? 'Could not refresh' : 'Could not load the scheduled feeds'}
          message={feeds.error.message}
        />
      ) : null}
      {!feeds.data && !feeds.error ? <Loading what="the scheduled feeds" /> : null}
      {feeds.data ? <FeedsTable feeds={feeds.data.feeds} tenant={tenant} actions={actions} /> : null}
      {mayChange ? (
        <FeedForm
          key={`${editing?.source ?? ''}:${saves}`}
          tenant={tenant}
          feed={editing}
          onCancel={() => setEditing(null)}
          onSaved={(feed) => {
            setEditing(null);
            setSaves((n) => n + 1);
            changed(
              `Feed ${feed.source} of ${tenant.name} is saved: pulled every ${formatDuration(feed.interval_minutes * 60)}.`,
            );
          }}
        />
      ) : null}
    </>
  );
}
