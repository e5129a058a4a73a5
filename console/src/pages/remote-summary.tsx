import { css } from '@emotion/react';
import type { HealthWindow, RemoteHealth, VersionHealth } from '@forecourt/admin-contract';
import { HealthChart } from '../charts/health-chart';
import { COLOUR, SPACE } from '../theme/tokens';
import { Badge } from '../ui/badge';
import { failureKinds, formatCount, totalFailures } from '../ui/format';

const ROLE_WORDS: Record<VersionHealth['role'], string> = {
  pin: 'pinned',
  canary: 'canary',
  'last-good': 'last good',
  other: 'earlier',
};

/** "3 failures: mount 2, render 1", or "no failures". */
export function FailureLine({ failures }: { failures: Record<string, number> }) {
  const total = totalFailures(failures);
  if (total === 0) return <span>no failures</span>;
  return (
    <strong
      css={css`
        color: ${COLOUR.danger};
      `}
    >
      {formatCount(total)} {total === 1 ? 'failure' : 'failures'}:{' '}
      {failureKinds(failures)
        .map(({ kind, count }) => `${kind} ${formatCount(count)}`)
        .join(', ')}
    </strong>
  );
}

/** The pin, canary and last good of a remote, as short facts. */
export function RemoteFacts({ remote }: { remote: RemoteHealth }) {
  return (
    <dl
      css={css`
        display: grid;
        grid-template-columns: max-content minmax(0, 1fr);
        gap: 0.1rem ${SPACE.sm};
        margin: ${SPACE.xs} 0 ${SPACE.sm};
        dt {
          color: ${COLOUR.muted};
        }
        dd {
          margin: 0;
          overflow-wrap: anywhere;
        }
      `}
    >
      <dt>Pin</dt>
      <dd>{remote.pin ?? 'none'}</dd>
      <dt>Canary</dt>
      <dd>
        {remote.canary ? (
          <>
            {remote.canary.version} for {remote.canary.share}% of shoppers{' '}
            {remote.flagged ? <Badge tone="danger">flagged</Badge> : null}
          </>
        ) : (
          'none'
        )}
      </dd>
      <dt>Last good</dt>
      <dd>{remote.lastGood ?? 'none earned'}</dd>
    </dl>
  );
}

/** One version's health: its role, clean mounts and failures by kind, with its chart and table. `subject` names the remote, e.g. 'Harbourside Motors mf-search'. */
export function VersionHealthBlock({
  subject,
  version,
  span,
  bucketSeconds,
  height,
}: {
  subject: string;
  version: VersionHealth;
  span: HealthWindow;
  bucketSeconds: number;
  height?: number;
}) {
  const failing = totalFailures(version.failures) > 0;
  return (
    <div
      data-version={version.version}
      data-failing={failing || undefined}
      css={css`
        padding: ${SPACE.sm};
        margin-top: ${SPACE.sm};
        border-radius: 4px;
        border-left: 4px solid ${failing ? COLOUR.danger : COLOUR.border};
        background: ${failing ? COLOUR.dangerSurface : 'transparent'};
      `}
    >
      <p
        css={css`
          margin: 0 0 ${SPACE.xs};
          display: flex;
          flex-wrap: wrap;
          gap: ${SPACE.xs} ${SPACE.sm};
          align-items: baseline;
        `}
      >
        <strong>{version.version}</strong>
        <Badge tone={version.role === 'canary' ? 'warning' : version.role === 'pin' ? 'accent' : 'neutral'}>
          {ROLE_WORDS[version.role]}
        </Badge>
        <span>{formatCount(version.clean)} clean</span>
        <FailureLine failures={version.failures} />
      </p>
      <HealthChart
        subject={`${subject} ${version.version}`}
        buckets={version.buckets}
        span={span}
        bucketSeconds={bucketSeconds}
        {...(height ? { height } : {})}
      />
    </div>
  );
}
