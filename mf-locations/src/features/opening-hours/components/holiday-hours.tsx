import { css } from '@emotion/react';
import { SURFACE } from '@forecourt/shared-config';
import { zonedClock } from '@forecourt/shared-config/hours';
import { Dialog } from '@forecourt/shared-config/dialog';
import { useRef, useState } from 'react';
import type { DealerLocation } from '../../../contract';
import { useNow } from '../../../lib/first-paint';
import { upcomingSpecialHours } from '../../../lib/hours';

const linkButton = css`
  font: inherit;
  font-weight: 600;
  background: none;
  border: none;
  padding: 0;
  color: inherit;
  text-decoration: underline;
  cursor: pointer;
`;

/**
 * The holiday-hours dialog (spec card: 'holiday-hours dialog'): the location's special dates
 * ahead (public holidays), each with its hours, 'Closed' or 'By appointment only'; today's reads
 * 'Today'. Nothing to open when no special date is coming.
 */
export function HolidayHours({ location, now: given }: { location: DealerLocation; now?: Date }) {
  const now = useNow(given);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const days = upcomingSpecialHours(location.special_hours, zonedClock(now, location.time_zone).date);
  if (days.length === 0) return null;
  return (
    <>
      <button ref={button} type="button" css={linkButton} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Holiday hours
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={`Holiday hours · ${location.name}`} returnFocusTo={button}>
        <table
          css={css`
            width: 100%;
            border-collapse: collapse;
            th,
            td {
              padding: 0.4rem 0;
              border-bottom: 1px solid ${SURFACE.divider};
              text-align: left;
            }
            td {
              text-align: right;
            }
          `}
        >
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{day.label}</th>
                <td>{day.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p css={{ margin: '0.75rem 0 0', fontSize: '0.875rem' }}>Other days keep our usual hours.</p>
      </Dialog>
    </>
  );
}
