import { css } from '@emotion/react';
import { useState } from 'react';
import { LeadDelivery, LeadRetryResult, type LeadDeliveryTenant, type LeadRetryBody } from '@forecourt/admin-contract';
import { useLive } from '../api/use-live';
import { isOperator } from '../session/permissions';
import { useSession, useSignedIn } from '../session/session';
import { COLOUR, SPACE } from '../theme/tokens';
import { Badge } from '../ui/badge';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Button } from '../ui/button';
import { ErrorNote } from '../ui/error-note';
import { formatCount, formatDuration } from '../ui/format';
import { Freshness, Loading, Page } from '../ui/page';
import { ScrollRegion, tableStyle } from '../ui/table';

/** What a retry did, from the API's counts. */
export function retryWords(result: LeadRetryResult): string {
  const parts = [
    `${formatCount(result.retried)} sent again`,
    `${formatCount(result.delivered)} delivered`,
    `${formatCount(result.stillWaiting)} still waiting`,
  ];
  if (result.inFlight > 0) parts.push(`${formatCount(result.inFlight)} already being sent`);
  return `${parts.join(', ')}${result.finished ? '' : ' (delivery goes on: the figures above update as it does)'}`;
}

function RetryButton({ row, onDone }: { row: LeadDeliveryTenant; onDone: (text: string) => void }) {
  const { api } = useSession();
  return (
    <ConfirmDialog
      title={`Retry ${row.tenant}'s leads now?`}
      confirmLabel="Retry now"
      trigger={<Button disabled={row.waiting + row.failing === 0}>Retry now</Button>}
      onConfirm={async () => {
        const result = await api.send(LeadRetryResult, 'POST', '/_admin/lead-delivery/retry', {
          tenant: row.tenant,
        } satisfies LeadRetryBody);
        onDone(`${row.tenant}: ${retryWords(result)}.`);
      }}
    >
      <p>
        The {formatCount(row.waiting + row.failing)} leads of {row.tenant} that wait or keep failing are sent to its CRM
        now instead of at their next retry. Each lead is still delivered once: a lead another instance is sending is
        left to it.
      </p>
    </ConfirmDialog>
  );
}

/** Leads per tenant on their way to the dealers' CRMs: what is stuck stands out, operators can push it. */
export function LeadDeliveryPage() {
  const live = useLive(LeadDelivery, '/_admin/lead-delivery');
  const { account } = useSignedIn();
  const operator = isOperator(account);
  const [done, setDone] = useState<string | null>(null);

  return (
    <Page
      title="Lead delivery"
      intro="Leads shoppers sent, per tenant, and whether they reached the dealer's CRM. A lead that fails stays waiting and is retried with growing waits; it is never dropped."
    >
      <Freshness updatedAt={live.updatedAt} />
      <div role="status">
        {done ? (
          <p
            css={css`
              color: ${COLOUR.success};
              font-weight: 600;
            `}
          >
            Retried: {done}
          </p>
        ) : null}
      </div>
      {live.error ? (
        <ErrorNote
          lead={live.data ? 'Could not refresh' : 'Could not load lead delivery'}
          message={live.error.message}
        />
      ) : null}
      {!live.data && !live.error ? <Loading what="lead delivery" /> : null}
      {live.data ? (
        live.data.tenants.length === 0 ? (
          <p>No tenant to show.</p>
        ) : (
          <ScrollRegion label="Lead delivery per tenant">
            <table css={tableStyle}>
              <thead>
                <tr>
                  <th scope="col">Tenant</th>
                  <th scope="col" className="number">
                    Received
                  </th>
                  <th scope="col" className="number">
                    Delivered
                  </th>
                  <th scope="col" className="number">
                    Waiting
                  </th>
                  <th scope="col" className="number">
                    Failing
                  </th>
                  <th scope="col">Oldest waiting</th>
                  <th scope="col">Last error</th>
                  {operator ? <th scope="col">Retry</th> : null}
                </tr>
              </thead>
              <tbody>
                {live.data.tenants.map((row) => (
                  <tr key={row.tenant} data-tenant={row.tenant}>
                    <th scope="row">{row.tenant}</th>
                    <td className="number">{formatCount(row.received)}</td>
                    <td className="number">{formatCount(row.delivered)}</td>
                    <td className="number">{formatCount(row.waiting)}</td>
                    <td className="number">
                      {row.failing > 0 ? <Badge tone="danger">{formatCount(row.failing)}</Badge> : '0'}
                    </td>
                    <td>{row.oldestWaitingSeconds === null ? '—' : formatDuration(row.oldestWaitingSeconds)}</td>
                    <td
                      css={css`
                        min-width: 12rem;
                        overflow-wrap: anywhere;
                        ${row.lastError ? `color: ${COLOUR.danger};` : ''}
                      `}
                    >
                      {row.lastError ?? '—'}
                    </td>
                    {operator ? (
                      <td>
                        <RetryButton
                          row={row}
                          onDone={(text) => {
                            setDone(text);
                            live.refresh();
                          }}
                        />
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )
      ) : null}
      {!operator ? (
        <p
          css={css`
            color: ${COLOUR.muted};
            margin-top: ${SPACE.md};
          `}
        >
          Retrying leads is an operator's.
        </p>
      ) : null}
    </Page>
  );
}
