import { css } from '@emotion/react';
import { Publishes, type Publish } from '@forecourt/admin-contract';
import { useLive } from '../api/use-live';
import { COLOUR, RADIUS, SPACE } from '../theme/tokens';
import { Badge } from '../ui/badge';
import { ErrorNote } from '../ui/error-note';
import { formatDateTime } from '../ui/format';
import { Freshness, Loading, Page } from '../ui/page';

/** The contract gate's verdict on a publish, in a word: what stands out is a forced one or a failed check. */
function GateVerdict({ publish }: { publish: Publish }) {
  const failed = publish.checks.filter((check) => !check.passed);
  if (publish.forced)
    return (
      <Badge tone="danger">
        forced past {failed.length} failed {failed.length === 1 ? 'check' : 'checks'}
      </Badge>
    );
  if (failed.length) return <Badge tone="danger">{failed.length} failed</Badge>;
  if (publish.checks.length === 0) return <Badge>no gate report</Badge>;
  return <Badge tone="success">all {publish.checks.length} checks passed</Badge>;
}

function PublishItem({ publish }: { publish: Publish }) {
  const failed = publish.checks.some((check) => !check.passed);
  return (
    <li
      data-publish={`${publish.team}@${publish.version}`}
      css={css`
        background: ${COLOUR.surface};
        border: 1px solid ${publish.forced || failed ? COLOUR.danger : COLOUR.border};
        border-left-width: ${publish.forced || failed ? '4px' : '1px'};
        border-radius: ${RADIUS};
        padding: ${SPACE.sm} ${SPACE.md};
      `}
    >
      <p
        css={css`
          margin: 0;
          display: flex;
          flex-wrap: wrap;
          gap: ${SPACE.xs} ${SPACE.sm};
          align-items: baseline;
        `}
      >
        <strong>
          {publish.team} {publish.version}
        </strong>
        <GateVerdict publish={publish} />
        <span
          css={css`
            color: ${COLOUR.muted};
          `}
        >
          <time dateTime={publish.at}>{formatDateTime(publish.at)}</time> by {publish.actor}
        </span>
      </p>
      {publish.reason ? (
        <p
          css={css`
            margin: ${SPACE.xs} 0 0;
            overflow-wrap: anywhere;
          `}
        >
          Reason: {publish.reason}
        </p>
      ) : null}
      {publish.checks.length ? (
        <details
          css={css`
            margin-top: ${SPACE.xs};
          `}
          open={failed || undefined}
        >
          <summary>Gate report</summary>
          <ul
            css={css`
              margin: ${SPACE.xs} 0 0;
              padding-left: 1.2rem;
            `}
          >
            {publish.checks.map((check) => (
              <li key={check.check}>
                <strong
                  css={
                    check.passed
                      ? undefined
                      : css`
                          color: ${COLOUR.danger};
                        `
                  }
                >
                  {check.check}: {check.skipped ? `skipped (${check.skipped})` : check.passed ? 'passed' : 'failed'}
                </strong>
                {check.reasons.length ? (
                  <ul
                    css={css`
                      overflow-wrap: anywhere;
                    `}
                  >
                    {check.reasons.map((reason, index) => (
                      <li key={index}>{reason}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
}

/** Every build published to the registry, newest first, with the contract gate's report. */
export function PublishesPage() {
  const live = useLive(Publishes, '/_admin/publishes?limit=100');
  return (
    <Page
      title="Publishes"
      intro="Builds published to the registry, newest first, with what the contract gate found. Publishing changes no tenant until a pin or canary names the version."
    >
      <Freshness updatedAt={live.updatedAt} />
      {live.error ? (
        <ErrorNote
          lead={live.data ? 'Could not refresh' : 'Could not load the publishes'}
          message={live.error.message}
        />
      ) : null}
      {!live.data && !live.error ? <Loading what="the publishes" /> : null}
      {live.data?.publishes.length === 0 ? <p>Nothing published yet.</p> : null}
      {live.data?.publishes.length ? (
        <ul
          css={css`
            list-style: none;
            padding: 0;
            margin: 0;
            display: grid;
            gap: ${SPACE.sm};
          `}
        >
          {live.data.publishes.map((publish) => (
            <PublishItem key={publish.id} publish={publish} />
          ))}
        </ul>
      ) : null}
    </Page>
  );
}
