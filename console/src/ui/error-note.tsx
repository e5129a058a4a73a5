import { css } from '@emotion/react';
import { COLOUR, RADIUS, SPACE } from '../theme/tokens';

const note = css`
  margin: ${SPACE.sm} 0;
  padding: ${SPACE.sm} ${SPACE.md};
  border-left: 4px solid ${COLOUR.danger};
  border-radius: ${RADIUS};
  background: ${COLOUR.dangerSurface};
  color: ${COLOUR.text};
  overflow-wrap: anywhere;
`;

/**
 * A failure, in the API's own words, announced when it appears. `lead` says what was being done
 * ("Could not refresh"), the message is shown as the server wrote it.
 */
export function ErrorNote({ lead, message, detail }: { lead?: string; message: string; detail?: string }) {
  return (
    <div role="alert" css={note}>
      {lead ? <strong>{lead}: </strong> : null}
      <span data-testid="api-error">{message}</span>
      {detail ? <div>{detail}</div> : null}
    </div>
  );
}
