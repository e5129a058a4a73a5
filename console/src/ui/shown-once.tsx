import { css } from '@emotion/react';
import { useId, useState, type ReactNode } from 'react';
import { errorText } from '../api/client';
import { COLOUR, RADIUS, SPACE } from '../theme/tokens';
import { Button } from './button';

/** A page's boxed section: a form, or something to act on now. */
export const panelStyle = css`
  background: ${COLOUR.surface};
  border: 1px solid ${COLOUR.border};
  border-radius: ${RADIUS};
  padding: ${SPACE.md};
  margin-bottom: ${SPACE.md};
`;

export interface ShownOnceProps {
  /** Names the value: the label of its field. */
  label: string;
  value: string;
  /** The copy button's words, e.g. 'Copy link'. */
  copyLabel: string;
  /** What the value is in the copy failure's words ('link', 'key'). */
  noun: string;
  /** Why it is shown only now, and what to do with it. */
  children: ReactNode;
}

/**
 * A secret the API answers once (an enrollment link, a stock key): selectable, with a copy
 * button whose outcome is announced; when the clipboard refuses, the person copies it by hand.
 */
export function ShownOnce({ label, value, copyLabel, noun, children }: ShownOnceProps) {
  const id = useId();
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <div
      css={[
        panelStyle,
        css`
          border-color: ${COLOUR.accent};
        `,
      ]}
    >
      <label
        htmlFor={id}
        css={css`
          font-weight: 600;
          display: block;
        `}
      >
        {label}
      </label>
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: ${SPACE.sm};
          margin: ${SPACE.xs} 0;
        `}
      >
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.target.select()}
          css={css`
            flex: 1 1 16rem;
            min-width: 0;
          `}
        />
        <Button
          onClick={() => {
            navigator.clipboard.writeText(value).then(
              () => setCopied('Copied.'),
              (error: unknown) => setCopied(`Not copied (${errorText(error)}): select the ${noun} and copy it.`),
            );
          }}
        >
          {copyLabel}
        </Button>
      </div>
      {children}
      <p
        role="status"
        css={css`
          margin: 0;
        `}
      >
        {copied}
      </p>
    </div>
  );
}
