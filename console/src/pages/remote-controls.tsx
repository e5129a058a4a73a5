import { css } from '@emotion/react';
import { useId, useState } from 'react';
import {
  CanaryResult,
  PinResult,
  type CanaryBody,
  type EffectivePin,
  type PromoteBody,
  type RemoteDetail,
  type RollbackBody,
} from '@forecourt/admin-contract';
import type { ApiClient } from '../api/client';
import { COLOUR, SPACE } from '../theme/tokens';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import {
  canaryShareWords,
  canaryStartWords,
  canaryStopWords,
  parseShare,
  possessive,
  promoteWords,
  rollbackWords,
} from './change-words';

export interface RemoteControlsProps {
  api: ApiClient;
  /** The tenant's slug, as the admin API takes it. */
  tenant: string;
  remote: RemoteDetail;
  /** The tenant's row of `GET /_admin/pins`: whose pin it is and where a rollback goes. */
  effective: EffectivePin | undefined;
  published: readonly string[];
  /** After a change: read again, and say what was done. */
  onChanged: (done: string) => void;
}

const row = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${SPACE.sm};
  align-items: flex-end;
  margin: ${SPACE.sm} 0;
`;

const field = css`
  display: flex;
  flex-direction: column;
  gap: 0.2rem;
  label {
    font-weight: 600;
  }
`;

const hint = css`
  color: ${COLOUR.muted};
  margin: ${SPACE.xs} 0;
`;

function ShareInput({
  value,
  onChange,
  error,
  id,
}: {
  value: string;
  onChange: (v: string) => void;
  error: string | null;
  id: string;
}) {
  return (
    <div css={field}>
      <label htmlFor={id}>Share of shoppers (%)</label>
      <input
        id={id}
        inputMode="numeric"
        type="number"
        min={1}
        max={99}
        step={1}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        css={css`
          width: 7rem;
        `}
      />
      {error ? (
        <span
          id={`${id}-error`}
          css={css`
            color: ${COLOUR.danger};
          `}
        >
          {error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The changes to one tenant's remote, each through the existing admin API and each confirmed
 * first: a canary (start, change its share, stop), promote and rollback. Promote, rollback and
 * stop send the pin this page shows as `expected`, so a pin changed by someone else meanwhile is
 * refused (409) rather than overwritten.
 */
export function RemoteControls({ api, tenant, remote, effective, published, onChanged }: RemoteControlsProps) {
  const ids = useId();
  const pin = remote.pin;
  // The confirmations name the dealer as operators know it; the requests use its slug.
  const target = { tenant: remote.name, team: remote.team };
  const name = remote.name;
  const candidates = published
    .filter((version) => version !== pin)
    .slice()
    .reverse();
  const [version, setVersion] = useState('');
  const chosen = version || candidates[0] || '';
  const [shareText, setShareText] = useState(remote.canary ? String(remote.canary.share) : '10');
  const parsed = parseShare(shareText);
  const shareError = 'error' in parsed ? parsed.error : null;
  const share = 'share' in parsed ? parsed.share : null;

  if (!pin) return <p css={hint}>This remote has no pin for {name} yet: pin a version with the CLI first.</p>;

  if (remote.canary) {
    const canary = remote.canary;
    return (
      <>
        <div css={row}>
          <ShareInput id={`${ids}-share`} value={shareText} onChange={setShareText} error={shareError} />
          <ConfirmDialog
            title={`Change the canary's share to ${share ?? '…'}%?`}
            confirmLabel="Change share"
            trigger={<Button disabled={share === null || share === canary.share}>Change share</Button>}
            onConfirm={async () => {
              if (share === null) return;
              await api.send(CanaryResult, 'POST', '/_admin/canary', {
                tenant,
                team: remote.team,
                version: canary.version,
                percent: share,
              } satisfies CanaryBody);
              onChanged(`${remote.team} ${canary.version} now goes to ${share}% of ${possessive(name)} shoppers.`);
            }}
          >
            <p>
              {share !== null
                ? canaryShareWords({ ...target, pin, version: canary.version, from: canary.share, to: share })
                : null}
            </p>
          </ConfirmDialog>
        </div>
        <div css={row}>
          <ConfirmDialog
            title={`Promote ${remote.team} ${canary.version} for ${name}?`}
            confirmLabel="Promote"
            trigger={<Button tone="primary">Promote {canary.version}</Button>}
            onConfirm={async () => {
              await api.send(PinResult, 'POST', '/_admin/promote', {
                tenant,
                team: remote.team,
                expected: pin,
              } satisfies PromoteBody);
              onChanged(`${remote.team} ${canary.version} is now pinned for ${name}.`);
            }}
          >
            <p>{promoteWords({ ...target, pin, version: canary.version, share: canary.share })}</p>
          </ConfirmDialog>
          <ConfirmDialog
            title={`Stop the canary of ${remote.team} ${canary.version}?`}
            confirmLabel="Stop canary"
            tone="danger"
            trigger={<Button tone="danger">Stop canary</Button>}
            onConfirm={async () => {
              await api.send(PinResult, 'POST', '/_admin/rollback', {
                tenant,
                team: remote.team,
                expected: pin,
              } satisfies RollbackBody);
              onChanged(
                `The canary of ${remote.team} ${canary.version} is stopped; every ${name} shopper gets ${pin}.`,
              );
            }}
          >
            <p>{canaryStopWords({ ...target, pin, version: canary.version, share: canary.share })}</p>
          </ConfirmDialog>
        </div>
      </>
    );
  }

  const ownPin = effective?.source === 'tenant';
  const rollbackTo =
    ownPin && effective?.previousVersion && effective.previousVersion !== pin ? effective.previousVersion : null;
  return (
    <>
      <h3>Start a canary</h3>
      {candidates.length === 0 ? (
        <p css={hint}>No other published version of {remote.team} to try: publish one first.</p>
      ) : (
        <div css={row}>
          <div css={field}>
            <label htmlFor={`${ids}-version`}>Version</label>
            <select id={`${ids}-version`} value={chosen} onChange={(event) => setVersion(event.target.value)}>
              {candidates.map((candidate) => (
                <option key={candidate} value={candidate}>
                  {candidate}
                </option>
              ))}
            </select>
          </div>
          <ShareInput id={`${ids}-share`} value={shareText} onChange={setShareText} error={shareError} />
          <ConfirmDialog
            title={`Start a canary of ${remote.team} ${chosen} for ${name}?`}
            confirmLabel="Start canary"
            trigger={<Button disabled={share === null || !chosen}>Start canary</Button>}
            onConfirm={async () => {
              if (share === null) return;
              await api.send(CanaryResult, 'POST', '/_admin/canary', {
                tenant,
                team: remote.team,
                version: chosen,
                percent: share,
              } satisfies CanaryBody);
              onChanged(`${remote.team} ${chosen} now goes to ${share}% of ${possessive(name)} shoppers.`);
            }}
          >
            <p>{share !== null ? canaryStartWords({ ...target, pin, version: chosen, share }) : null}</p>
          </ConfirmDialog>
        </div>
      )}
      <h3>Roll back</h3>
      {rollbackTo ? (
        <div css={row}>
          <ConfirmDialog
            title={`Roll ${remote.team} back to ${rollbackTo} for ${name}?`}
            confirmLabel="Roll back"
            tone="danger"
            trigger={<Button tone="danger">Roll back to {rollbackTo}</Button>}
            onConfirm={async () => {
              await api.send(PinResult, 'POST', '/_admin/rollback', {
                tenant,
                team: remote.team,
                expected: pin,
              } satisfies RollbackBody);
              onChanged(`${remote.team} is rolled back to ${rollbackTo} for ${name}.`);
            }}
          >
            <p>{rollbackWords({ ...target, pin, to: rollbackTo })}</p>
          </ConfirmDialog>
        </div>
      ) : (
        <p css={hint}>
          {!ownPin
            ? `${name} runs the platform's default pin of ${remote.team}: a rollback changes a tenant's own pin only.`
            : `No version to roll back to: ${pin} replaced none (a rollback clears it until the next pin).`}
        </p>
      )}
    </>
  );
}
