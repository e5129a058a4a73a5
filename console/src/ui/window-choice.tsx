import { css } from '@emotion/react';
import type { HealthWindow } from '@forecourt/admin-contract';
import { COLOUR, RADIUS, SPACE } from '../theme/tokens';

const CHOICES: { value: HealthWindow; label: string }[] = [
  { value: 'hour', label: 'Last hour' },
  { value: 'day', label: 'Last day' },
];

/** The span the health figures cover: two buttons, the pressed one is the window shown. */
export function WindowChoice({ value, onChange }: { value: HealthWindow; onChange: (value: HealthWindow) => void }) {
  return (
    <div
      role="group"
      aria-label="Health over"
      css={css`
        display: inline-flex;
        gap: ${SPACE.xs};
        margin-bottom: ${SPACE.sm};
      `}
    >
      {CHOICES.map((choice) => (
        <button
          key={choice.value}
          type="button"
          aria-pressed={choice.value === value}
          onClick={() => onChange(choice.value)}
          css={css`
            font: inherit;
            min-height: 2.5rem;
            padding: 0.35rem 0.8rem;
            border-radius: ${RADIUS};
            border: 1px solid ${COLOUR.accent};
            background: ${choice.value === value ? COLOUR.accent : COLOUR.surface};
            color: ${choice.value === value ? COLOUR.onAccent : COLOUR.accent};
            font-weight: 600;
            cursor: pointer;
          `}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
