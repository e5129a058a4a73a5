import { css } from '@emotion/react';
import type { ButtonHTMLAttributes } from 'react';
import { COLOUR, RADIUS } from '../theme/tokens';

export type ButtonTone = 'primary' | 'secondary' | 'danger';

const base = css`
  font: inherit;
  font-weight: 600;
  min-height: 2.5rem;
  padding: 0.45rem 0.9rem;
  border-radius: ${RADIUS};
  border: 1px solid transparent;
  cursor: pointer;
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

const tones: Record<ButtonTone, ReturnType<typeof css>> = {
  primary: css`
    background: ${COLOUR.accent};
    color: ${COLOUR.onAccent};
  `,
  secondary: css`
    background: ${COLOUR.surface};
    color: ${COLOUR.accent};
    border-color: ${COLOUR.accent};
  `,
  danger: css`
    background: ${COLOUR.danger};
    color: ${COLOUR.onAccent};
  `,
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  tone?: ButtonTone;
  /** A request is on its way: the button says so and cannot be pressed twice. */
  busy?: boolean;
}

export function Button({
  tone = 'secondary',
  busy = false,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button type={type} css={[base, tones[tone]]} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {children}
    </button>
  );
}
