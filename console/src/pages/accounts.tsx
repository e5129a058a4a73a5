import { css } from '@emotion/react';
import { useId, useState, type FormEvent } from 'react';
import {
  AccountChange,
  Accounts,
  Enrollment,
  type Account,
  type AccountBody,
  type OperatorRole,
} from '@forecourt/admin-contract';
import { errorText } from '../api/client';
import { useLive } from '../api/use-live';
import { isOperator } from '../session/permissions';
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
import { useTenantNames } from './use-tenant-names';

const ROLES: { value: OperatorRole; label: string; help: string }[] = [
  { value: 'viewer', label: 'Viewer', help: 'reads the tenants it is given, or every tenant when none is ticked' },
  {
    value: 'tenant-manager',
    label: 'Tenant manager',
    help: 'pins, runs canaries, promotes and rolls back on the tenants it is given (at least one)',
  },
  { value: 'operator', label: 'Operator', help: 'everything, on every tenant, accounts included' },
];

/** The body of `POST /_admin/operators`: an operator holds every tenant, a viewer with none ticked too. */
export function newAccountBody(name: string, role: OperatorRole, tenants: readonly string[]): AccountBody {
  if (role === 'operator' || (role === 'viewer' && tenants.length === 0)) return { name: name.trim(), role };
  return { name: name.trim(), role, tenants: [...tenants] };
}

function EnrollmentLink({ account, enrollment }: { account: Account; enrollment: Enrollment }) {
  return (
    <ShownOnce label={`Enrollment link for ${account.name}`} value={enrollment.url} copyLabel="Copy link" noun="link">
      <p
        css={css`
          margin: 0;
          color: ${COLOUR.muted};
        `}
      >
        Send it to {account.name} only: it works once, until{' '}
        <time dateTime={enrollment.expiresAt}>{formatDateTime(enrollment.expiresAt)}</time>, and is shown only now.
      </p>
    </ShownOnce>
  );
}

function NewAccountForm({ onCreated }: { onCreated: (account: Account) => void }) {
  const { api } = useSession();
  const ids = useId();
  const { tenants, error: tenantsError } = useTenantNames();
  const [name, setName] = useState('');
  const [role, setRole] = useState<OperatorRole>('viewer');
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { account } = await api.send(
        AccountChange,
        'POST',
        '/_admin/operators',
        newAccountBody(name, role, chosen),
      );
      setName('');
      setChosen([]);
      onCreated(account);
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
        New account
      </h2>
      <div
        css={css`
          display: flex;
          flex-direction: column;
          gap: 0.2rem;
          margin-bottom: ${SPACE.sm};
        `}
      >
        <label
          htmlFor={`${ids}-name`}
          css={css`
            font-weight: 600;
          `}
        >
          Name
        </label>
        <input
          id={`${ids}-name`}
          required
          maxLength={100}
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
          css={css`
            max-width: 24rem;
          `}
        />
      </div>
      <fieldset
        css={css`
          border: 0;
          padding: 0;
          margin: 0 0 ${SPACE.sm};
        `}
      >
        <legend
          css={css`
            font-weight: 600;
            padding: 0;
          `}
        >
          Role
        </legend>
        {ROLES.map((option) => (
          <div key={option.value}>
            <label>
              <input
                type="radio"
                name={`${ids}-role`}
                value={option.value}
                checked={role === option.value}
                onChange={() => setRole(option.value)}
              />{' '}
              <strong>{option.label}</strong>: {option.help}
            </label>
          </div>
        ))}
      </fieldset>
      {role !== 'operator' ? (
        <fieldset
          css={css`
            border: 0;
            padding: 0;
            margin: 0 0 ${SPACE.sm};
          `}
        >
          <legend
            css={css`
              font-weight: 600;
              padding: 0;
            `}
          >
            Tenants
          </legend>
          {tenantsError ? <ErrorNote lead="Could not list the tenants" message={tenantsError.message} /> : null}
          {tenants.map((tenant) => (
            <div key={tenant.tenant}>
              <label>
                <input
                  type="checkbox"
                  value={tenant.tenant}
                  checked={chosen.includes(tenant.tenant)}
                  onChange={(event) =>
                    setChosen((list) =>
                      event.target.checked ? [...list, tenant.tenant] : list.filter((t) => t !== tenant.tenant),
                    )
                  }
                />{' '}
                {tenant.name}
              </label>
            </div>
          ))}
        </fieldset>
      ) : null}
      {error ? <ErrorNote lead="Not created" message={error} /> : null}
      <Button type="submit" tone="primary" busy={busy}>
        Create account
      </Button>
    </form>
  );
}

/** Accounts and their enrollment links: an operator's page. */
export function AccountsPage() {
  const { account: me } = useSignedIn();
  const { api } = useSession();
  const operator = isOperator(me);
  const live = useLive(Accounts, operator ? '/_admin/operators' : null);
  const [links, setLinks] = useState<Record<number, Enrollment>>({});
  const [linkError, setLinkError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  if (!operator) {
    return (
      <Page title="Accounts">
        <p>Accounts are managed by operators. Ask one for a new account or an enrollment link.</p>
      </Page>
    );
  }

  const makeLink = async (account: Account) => {
    setLinkError(null);
    try {
      const enrollment = await api.send(Enrollment, 'POST', `/_admin/operators/${account.id}/enrollment`);
      setLinks((all) => ({ ...all, [account.id]: enrollment }));
    } catch (failure) {
      setLinkError(`${account.name}: ${errorText(failure)}`);
    }
  };
  const accounts = live.data?.accounts;
  const linked = accounts?.filter((account) => links[account.id]) ?? [];

  return (
    <Page
      title="Accounts"
      intro="Who may use the console and the admin API, and what each may do. A person signs in with a passkey made from an enrollment link."
    >
      <NewAccountForm
        onCreated={(account) => {
          setDone(`${account.name} is created. Make an enrollment link for them below.`);
          live.refresh();
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
      {linkError ? <ErrorNote lead="No enrollment link" message={linkError} /> : null}
      {linked.map((account) => (
        <EnrollmentLink key={account.id} account={account} enrollment={links[account.id] as Enrollment} />
      ))}
      <h2>Accounts</h2>
      <Freshness updatedAt={live.updatedAt} />
      {live.error ? (
        <ErrorNote lead={accounts ? 'Could not refresh' : 'Could not load the accounts'} message={live.error.message} />
      ) : null}
      {!accounts && !live.error ? <Loading what="the accounts" /> : null}
      {accounts ? (
        <ScrollRegion label="Accounts">
          <table css={tableStyle}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Role</th>
                <th scope="col">Tenants</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {accounts.map((account) => (
                <tr key={account.id} data-account={account.id}>
                  <th scope="row">{account.name}</th>
                  <td>{account.role}</td>
                  <td
                    css={css`
                      overflow-wrap: anywhere;
                    `}
                  >
                    {account.tenants ? account.tenants.join(', ') : 'every tenant'}
                  </td>
                  <td>{account.active ? <Badge tone="success">active</Badge> : <Badge>deactivated</Badge>}</td>
                  <td>
                    <time dateTime={account.createdAt}>{formatDateTime(account.createdAt)}</time> by {account.createdBy}
                  </td>
                  <td>
                    {account.active ? (
                      <div
                        css={css`
                          display: flex;
                          flex-wrap: wrap;
                          gap: ${SPACE.xs};
                        `}
                      >
                        <Button
                          onClick={() => void makeLink(account)}
                          aria-label={`Make an enrollment link for ${account.name}`}
                        >
                          Enrollment link
                        </Button>
                        <ConfirmDialog
                          title={`Deactivate ${account.name}?`}
                          confirmLabel="Deactivate"
                          tone="danger"
                          trigger={
                            <Button tone="danger" aria-label={`Deactivate ${account.name}`}>
                              Deactivate
                            </Button>
                          }
                          onConfirm={async () => {
                            await api.send(AccountChange, 'POST', `/_admin/operators/${account.id}/deactivate`);
                            setDone(`${account.name} is deactivated.`);
                            live.refresh();
                          }}
                        >
                          <p>
                            {account.name} can no longer sign in or use the admin API: their console sessions and
                            personal tokens stop working at once.
                            {account.id === me.id ? ' This is your own account: you will be signed out.' : ''}
                          </p>
                        </ConfirmDialog>
                      </div>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
    </Page>
  );
}
