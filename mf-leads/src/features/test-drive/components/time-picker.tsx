import { css } from '@emotion/react';
import { SURFACE } from '@forecourt/shared-config';
import { DANGER, useField, useForm } from '@forecourt/shared-config/form';
import { useId, useState } from 'react';
import { useTestDriveTimes } from '../api/test-drive-times';

const dayLabel = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-AU', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
};
const timeLabel = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
};

const selectCss = css`
  font: inherit;
  width: 100%;
  box-sizing: border-box;
  min-height: 2.75rem;
  padding: 0.55rem 0.75rem;
  border: 1px solid ${SURFACE.fieldBorder};
  border-radius: 6px;
  background: ${SURFACE.background};
`;

/**
 * 'Test Drive Booking Date' (spec: optional, with an appointment availability lookup): a day and
 * a time among those the chosen location offers (its opening hours on the dealer's clock, less
 * the times booked), read from the server when the location is known. Sets `dateTime`
 * ('YYYY-MM-DDTHH:mm').
 */
export function TestDriveTimePicker({ locationId, legend }: { locationId: string | null; legend: string }) {
  const form = useForm();
  const { input, meta } = useField<string>('dateTime', {
    subscription: {
      value: true,
      error: true,
      submitError: true,
      dirtySinceLastSubmit: true,
      touched: true,
      submitFailed: true,
    },
  });
  const times = useTestDriveTimes(locationId);
  const [date, setDate] = useState(() => (input.value ? input.value.slice(0, 10) : ''));
  const dayId = useId();
  const timeId = useId();
  const noteId = useId();

  const days = times.status === 'ready' ? times.days : [];
  const day = days.find((candidate) => candidate.date === date);
  const chosenTime = input.value && input.value.startsWith(`${date}T`) ? input.value.slice(11) : '';
  const serverError = typeof meta.submitError === 'string' && !meta.dirtySinceLastSubmit ? meta.submitError : null;
  const error =
    ((meta.touched || meta.submitFailed) && typeof meta.error === 'string' ? meta.error : null) ?? serverError;

  const note =
    times.status === 'idle'
      ? 'Choose a location to see its times.'
      : times.status === 'loading'
        ? 'Finding times…'
        : times.status === 'failed'
          ? 'We could not load the times just now. Send your request and we will call you to arrange one.'
          : days.length === 0
            ? 'There are no times free online in the next two weeks. Send your request and we will call you to arrange one.'
            : 'Optional: choose a day and time, or leave it and we will call you to arrange one.';

  return (
    <fieldset
      css={css`
        border: 0;
        padding: 0;
        margin: 0 0 1rem;
        legend {
          font-weight: 600;
          padding: 0;
          margin-bottom: 0.35rem;
        }
      `}
      aria-describedby={noteId}
    >
      <legend>{legend}</legend>
      <p
        id={noteId}
        css={{ margin: '0 0 0.5rem', color: SURFACE.muted, fontSize: '0.875rem' }}
        role={times.status === 'failed' ? 'status' : undefined}
      >
        {note}
      </p>
      <div css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))', gap: '0.75rem' }}>
        <div css={{ display: 'grid', gap: '0.35rem' }}>
          <label htmlFor={dayId}>Day</label>
          <select
            id={dayId}
            css={selectCss}
            value={date}
            disabled={days.length === 0}
            onChange={(event) => {
              setDate(event.target.value);
              form.change('dateTime', undefined);
            }}
          >
            <option value="">No preference</option>
            {days.map((candidate) => (
              <option key={candidate.date} value={candidate.date}>
                {dayLabel(candidate.date)}
              </option>
            ))}
          </select>
        </div>
        <div css={{ display: 'grid', gap: '0.35rem' }}>
          <label htmlFor={timeId}>Time</label>
          <select
            id={timeId}
            css={selectCss}
            value={chosenTime}
            disabled={!day}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${timeId}-error` : undefined}
            onChange={(event) =>
              form.change('dateTime', event.target.value ? `${date}T${event.target.value}` : undefined)
            }
            onBlur={() => input.onBlur()}
          >
            <option value="">{day ? 'Choose a time' : 'Choose a day first'}</option>
            {day?.times.map((time) => (
              <option key={time} value={time}>
                {timeLabel(time)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && (
        <p id={`${timeId}-error`} css={{ margin: '0.35rem 0 0', color: DANGER.text, fontSize: '0.9375rem' }}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
