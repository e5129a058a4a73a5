import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { useField, useFormState } from 'react-final-form';
import { FORM_ERROR, SchemaForm, shownError, useFieldEntry } from '@forecourt/shared-config/form';
import { COLOUR, RADIUS, SPACE } from '../theme/tokens';
import { Button } from './button';

/**
 * The console's forms: the platform's form (react-final-form for the state, a zod schema for the
 * checks, the error list and the refusal's alert) with fields in the console's own look, which
 * takes nothing from a dealer's theme. The shoppers' fields and send button are drawn in a
 * dealer's colours from the site's runtime, which the console does not run.
 */

const fieldStyle = css`
  display: flex;
  flex-direction: column;
  gap: 0.2rem;
  min-width: 0;
  input,
  select {
    font: inherit;
    min-height: 2.5rem;
    padding: 0.35rem 0.5rem;
    border: 1px solid ${COLOUR.border};
    border-radius: ${RADIUS};
    background: ${COLOUR.surface};
    color: ${COLOUR.text};
  }
  [aria-invalid='true'] {
    border: 2px solid ${COLOUR.danger};
  }
`;
const hintStyle = css`
  color: ${COLOUR.muted};
  font-size: 0.9rem;
  margin: 0;
`;
const errorStyle = css`
  color: ${COLOUR.danger};
  font-weight: 600;
  margin: 0;
`;

/**
 * A form checked by its schema: the platform's form (the error list above the fields, each
 * linked to its field; the form's refusal in the red alert; focus moved to them after a failed
 * send), with the console's fields inside it.
 */
export const ConsoleForm = SchemaForm;

interface FieldProps {
  name: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
}

function useConsoleField(name: string, label: string, hint: ReactNode, type?: string) {
  const { id } = useFieldEntry(name, label);
  const { input, meta } = useField<string>(name, type ? { type } : {});
  const error = shownError(meta);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const messages = (
    <>
      {hint ? (
        <p id={`${id}-hint`} css={hintStyle}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} css={errorStyle}>
          {error}
        </p>
      ) : null}
    </>
  );
  return { id, input, error, describedBy, messages };
}

export function TextInput({
  name,
  label,
  required,
  hint,
  type = 'text',
  maxLength,
  placeholder,
}: FieldProps & { type?: 'text' | 'tel'; maxLength?: number; placeholder?: string }) {
  const { id, input, error, describedBy, messages } = useConsoleField(name, label, hint);
  return (
    <div css={fieldStyle}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        {...input}
        value={input.value ?? ''}
        id={id}
        type={type}
        maxLength={maxLength}
        placeholder={placeholder}
        autoComplete="off"
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {messages}
    </div>
  );
}

export function SelectInput({
  name,
  label,
  required,
  hint,
  options,
  placeholder,
}: FieldProps & { options: ReadonlyArray<{ value: string; label: string }>; placeholder?: string }) {
  const { id, input, error, describedBy, messages } = useConsoleField(name, label, hint);
  return (
    <div css={fieldStyle}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <select
        {...input}
        value={input.value ?? ''}
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {messages}
    </div>
  );
}

export function CheckboxInput({ name, label, hint }: Omit<FieldProps, 'required'>) {
  const { id, input, describedBy, messages } = useConsoleField(name, label, hint, 'checkbox');
  return (
    <div
      css={css`
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: ${SPACE.sm};
        min-height: 2.5rem;
      `}
    >
      <input
        {...input}
        id={id}
        type="checkbox"
        aria-describedby={describedBy}
        css={css`
          width: 1.25rem;
          height: 1.25rem;
        `}
      />
      <label htmlFor={id}>{label}</label>
      {messages}
    </div>
  );
}

/** The form's send button: busy while the request is out, so a change is not sent twice. */
export function SaveButton({ children }: { children: ReactNode }) {
  const { submitting } = useFormState({ subscription: { submitting: true } });
  return (
    <Button type="submit" tone="primary" busy={submitting}>
      {submitting ? 'Saving…' : children}
    </Button>
  );
}

export { FORM_ERROR, useFormState };
