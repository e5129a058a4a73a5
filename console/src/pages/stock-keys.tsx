import { css } from '@emotion/react';
import { useId, useState, type FormEvent } from 'react';
import {
  CreatedStockKey,
  RevokedStockKey,
  StockKeys,
  type StockKey,
  type StockKeyBody,
} from '@forecourt/admin-contract';
import { errorText } from '../api/client';
import { useLive } from '../api/use-live';
import { managesStockKeys, mayManageStockKeys } from '../session/permissions';
import { useSession, useSignedIn } from '../session/session';
import { COLOUR, SPACE } from '../theme/tokens';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { ErrorNote } from '../ui/error-note';
import { formatDateTime } from '../ui/format';
import { Freshness, Loading, Page } from '../ui/page';
import { panelStyle, ShownOnce } from '../ui/shown-once';
import { ScrollRegion, tableStyle } from '../ui/table';
import { TenantPicker, type TenantName } from '../ui/tenant-picker';
import { useTenantNames } from './use-tenant-names';

/** `choose` false: the key is for the first tenant, which the page around the form names already. */
export function NewKeyForm({
  tenants,
  onCreated,
  choose = true,
}: {
  tenants: TenantName[];
  onCreated: (created: CreatedStockKey) => void;
  choose?: boolean;
}) {
  const { api } = useSession();
  const ids = useId();
  const [label, setLabel] = useState('');
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The first tenant until one is chosen: the list arrives after the form shows.
  const tenant = tenants.some((t) => t.tenant === chosen) ? chosen : (tenants[0]?.tenant ?? '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await api.send(CreatedStockKey, 'POST', '/_admin/stock-keys', {
        tenant,
        label: label.trim(),
      } satisfies StockKeyBody);
      setLabel('');
      onCreated(created);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} css={panelStyle} aria-labelledby={`${ids}-title`}>
      <h2
        id={`${ids}-title`}
        css={css`
          margin-top: 0;
        `}
      >
        New key
      </h2>
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: ${SPACE.sm} ${SPACE.md};
          margin-bottom: ${SPACE.sm};
        `}
      >
        {choose ? <TenantPicker tenants={tenants} value={tenant} onChange={setChosen} required /> : null}
        <div
          css={css`
            display: flex;
            flex-direction: column;
            gap: 0.2rem;
            flex: 1 1 16rem;
            max-width: 24rem;
          `}
        >
          <label
            htmlFor={`${ids}-label`}
            css={css`
              font-weight: 600;
            `}
          >
            Label
          </label>
          <input
            id={`${ids}-label`}
            required
            maxLength={100}
            autoComplete="off"
            aria-describedby={`${ids}-label-help`}
            value={label}
            onChange={(event) => setLabel(event.target.value)}
          />
          <span
            id={`${ids}-label-help`}
            css={css`
              color: ${COLOUR.muted};
              font-size: 0.9rem;
            `}
          >
            What the key is for: the dealer&apos;s system or the integrator using it.
          </span>
        </div>
      </div>
      {error ? <ErrorNote lead="No key made" message={error} /> : null}
      <Button type="submit" tone="primary" busy={busy} disabled={tenants.length === 0}>
        Make key
      </Button>
    </form>
  );
}

function RevokeButton({
  stockKey,
  tenantName,
  onDone,
}: {
  stockKey: StockKey;
  tenantName: string;
  onDone: (text: string) => void;
}) {
  const { api } = useSession();
  return (
    <ConfirmDialog
      title={`Revoke ${stockKey.label} of ${tenantName}?`}
      confirmLabel="Revoke"
      tone="danger"
      trigger={
        <Button tone="danger" aria-label={`Revoke key ${stockKey.id} (${stockKey.label})`}>
          Revoke
        </Button>
      }
      onConfirm={async () => {
        await api.send(RevokedStockKey, 'POST', `/_admin/stock-keys/${stockKey.id}/revoke`);
        onDone(`Key ${stockKey.id} (${stockKey.label}) of ${tenantName} is revoked.`);
      }}
    >
      <p>
        Key {stockKey.id} stops working at once: whatever writes {tenantName}&apos;s cars with it is refused from its
        next request. It cannot be undone; that system needs a new key to write again.
      </p>
    </ConfirmDialog>
  );
}

export function KeysTable({
  keys,
  tenantName,
  onRevoked,
}: {
  keys: StockKey[];
  tenantName: string;
  onRevoked: (text: string) => void;
}) {
  if (keys.length === 0) return <p>No keys yet.</p>;
  return (
    <ScrollRegion label={`Stock keys of ${tenantName}`}>
      <table css={tableStyle}>
        <thead>
          <tr>
            <th scope="col">Label</th>
            <th scope="col" className="number">
              Id
            </th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id} data-stock-key={key.id}>
              <th
                scope="row"
                css={css`
                  overflow-wrap: anywhere;
                `}
              >
                {key.label}
              </th>
              <td className="number">{key.id}</td>
              <td>
                <time dateTime={key.createdAt}>{formatDateTime(key.createdAt)}</time> by {key.createdBy}
              </td>
              <td>
                {key.lastUsedAt ? <time dateTime={key.lastUsedAt}>{formatDateTime(key.lastUsedAt)}</time> : 'never'}
              </td>
              <td>
                {key.revokedAt ? (
                  <>
                    <Badge>revoked</Badge> <time dateTime={key.revokedAt}>{formatDateTime(key.revokedAt)}</time>
                  </>
                ) : (
                  <Badge tone="success">active</Badge>
                )}
              </td>
              <td>
                {key.revokedAt ? '—' : <RevokeButton stockKey={key} tenantName={tenantName} onDone={onRevoked} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** The Stock API's keys of the tenants the account manages: made, shown once, revoked. */
export function StockKeysPage() {
  const { account: me } = useSignedIn();
  const manages = managesStockKeys(me);
  const live = useLive(StockKeys, manages ? '/_admin/stock-keys' : null);
  const { tenants: seen, error: tenantsError } = useTenantNames();
  const [created, setCreated] = useState<CreatedStockKey | null>(null);
  const [done, setDone] = useState<string | null>(null);

  if (!manages) {
    return (
      <Page title="Stock keys">
        <p>
          Stock keys are managed by operators and each tenant&apos;s managers. Ask one for a key for a dealer&apos;s
          system.
        </p>
      </Page>
    );
  }

  const tenants = seen.filter((tenant) => mayManageStockKeys(me, tenant.tenant));
  const keys = live.data?.keys;
  const nameOf = (slug: string) => tenants.find((tenant) => tenant.tenant === slug)?.name ?? slug;
  // A key's tenant is shown even when the tenant list could not be read.
  const slugs = [...new Set([...tenants.map((tenant) => tenant.tenant), ...(keys ?? []).map((key) => key.tenant)])];
  const afterChange = (text: string) => {
    setDone(text);
    live.refresh();
  };

  return (
    <Page
      title="Stock keys"
      intro="The keys a dealer's system or an integrator writes a site's cars with, through the Stock API. Each key belongs to one tenant; making and revoking one is in the audit."
    >
      {tenantsError ? <ErrorNote lead="Could not list the tenants" message={tenantsError.message} /> : null}
      <NewKeyForm
        tenants={tenants}
        onCreated={(made) => {
          setCreated(made);
          afterChange(
            `Key ${made.key.id} (${made.key.label}) of ${nameOf(made.key.tenant)} is made. Copy it below now.`,
          );
        }}
      />
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
      {created ? (
        <ShownOnce
          label={`New key for ${nameOf(created.key.tenant)}: ${created.key.label}`}
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
            keeps only a fingerprint of it. If it is lost, revoke it and make another.
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
      <Freshness updatedAt={live.updatedAt} />
      {live.error ? (
        <ErrorNote lead={keys ? 'Could not refresh' : 'Could not load the stock keys'} message={live.error.message} />
      ) : null}
      {!keys && !live.error ? <Loading what="the stock keys" /> : null}
      {keys && slugs.length === 0 ? <p>No tenant to show.</p> : null}
      {keys
        ? slugs.map((slug) => (
            <section key={slug} aria-labelledby={`stock-keys-${slug}`} data-tenant={slug}>
              <h2 id={`stock-keys-${slug}`}>{nameOf(slug)}</h2>
              <KeysTable
                keys={keys.filter((key) => key.tenant === slug)}
                tenantName={nameOf(slug)}
                onRevoked={afterChange}
              />
            </section>
          ))
        : null}
    </Page>
  );
}
