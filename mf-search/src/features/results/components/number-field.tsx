import { css } from '@emotion/react';
import { SURFACE } from '@forecourt/shared-config';
import { useId, type InputHTMLAttributes } from 'react';

export interface NumberFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'list'
> {
  label: string;
  /** The text as typed ('$25,000'); reading it as a number is the caller's rule. */
  value: string;
  onChange: (text: string) => void;
  /** Values offered as the shopper types (a datalist), e.g. price presets. */
  suggestions?: readonly string[];
}

/** A labelled amount field of the filter column (prices, kilometres, repayments): numeric keypad on phones. */
export function NumberField({ label, value, onChange, suggestions, ...input }: NumberFieldProps) {
  const id = useId();
  return (
    <div css={{ flex: 1, minWidth: 0 }}>
      <label htmlFor={id} css={{ display: 'block', fontSize: '0.8rem', color: SURFACE.muted }}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        inputMode="numeric"
        autoComplete="off"
        list={suggestions ? `${id}-suggestions` : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        css={css`
          width: 100%;
          box-sizing: border-box;
          padding: 0.45rem 0.5rem;
          font: inherit;
          border: 1px solid ${SURFACE.border};
          border-radius: 6px;
        `}
      />
      {suggestions && (
        <datalist id={`${id}-suggestions`}>
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      )}
    </div>
  );
}
