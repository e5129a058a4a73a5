import { css } from '@emotion/react';
import { useState, type ReactNode } from 'react';
import { useField } from 'react-final-form';
// The page's one shared-config, by its package name: a relative import would give this module
// its own copy of the runtime (no tenant set in it).
import { DANGER, SURFACE } from '@forecourt/shared-config';
import { useFieldEntry } from './form-frame';

/**
 * The form kit's fields: a label above each input, its hint and error below it once the shopper
 * has left the field or tried to submit, each registered with its form for the error list.
 */

const fieldCss = css`
  label: form-field;
  display: grid;
  gap: 0.35rem;
  margin: 0 0 1rem;
  & > label,
  & > span.form-label {
    font-weight: 600;
  }
  input,
  select,
  textarea {
    font: inherit;
    width: 100%;
    box-sizing: border-box;
    min-height: 2.75rem;
    padding: 0.55rem 0.75rem;
    border: 1px solid ${SURFACE.fieldBorder};
    border-radius: 6px;
    background: ${SURFACE.background};
    color: inherit;
  }
  textarea {
    min-height: 6rem;
    resize: vertical;
  }
  [aria-invalid='true'] {
    border-color: ${DANGER.text};
    box-shadow: 0 0 0 1px ${DANGER.text};
  }
`;

const errorCss = css`
  margin: 0;
  color: ${DANGER.text};
  font-size: 0.9375rem;
`;
const hintCss = css`
  margin: 0;
  color: ${SURFACE.muted};
  font-size: 0.875rem;
`;

/** A field's error, once the shopper has left it or tried to submit, or the server's word for it. */
export function shownError(meta: {
  error?: unknown;
  submitError?: unknown;
  touched?: boolean;
  submitFailed?: boolean;
  dirtySinceLastSubmit?: boolean;
}): string | null {
  if ((meta.touched || meta.submitFailed) && typeof meta.error === 'string') return meta.error;
  if (typeof meta.submitError === 'string' && !meta.dirtySinceLastSubmit) return meta.submitError;
  return null;
}

interface BaseFieldProps {
  name: string;
  label: string;
  /** Marks the label 'required' for sighted shoppers (screen readers hear aria-required). */
  required?: boolean;
  hint?: ReactNode;
}

function FieldMessages({ id, error, hint }: { id: string; error: string | null; hint?: ReactNode }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} css={hintCss}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} css={errorCss}>
          {error}
        </p>
      )}
    </>
  );
}

const describedBy = (id: string, error: string | null, hint: unknown) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

function LabelText({ label, required }: { label: string; required?: boolean }) {
  return (
    <>
      {label}
      {required && (
        <span aria-hidden="true" css={{ color: DANGER.text }}>
          {' *'}
        </span>
      )}
    </>
  );
}

/**
 * A labelled control's wiring, once for every kind: its id (linked from the error list), its
 * value and events from the form, aria-required / -invalid / -describedby, and the frame of
 * label above and hint and error below.
 */
function useLabelledControl(
  { name, label, required, hint }: BaseFieldProps,
  config?: Parameters<typeof useField<string>>[1],
) {
  const entry = useFieldEntry(name, label);
  const { input, meta } = useField<string>(name, config);
  const error = shownError(meta);
  const control = {
    ...input,
    value: input.value ?? '',
    id: entry.id,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(entry.id, error, hint),
  };
  const frame = (children: ReactNode) => (
    <div css={fieldCss}>
      <label htmlFor={entry.id}>
        <LabelText label={label} required={required} />
      </label>
      {children}
      <FieldMessages id={entry.id} error={error} hint={hint} />
    </div>
  );
  return { control, frame };
}

export interface TextFieldProps extends BaseFieldProps {
  type?: 'text' | 'email' | 'tel' | 'date' | 'datetime-local';
  placeholder?: string;
  maxLength?: number;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal';
  autoComplete?: string;
  /** Turns what the shopper types into the value kept (digits only for a postcode, say). */
  parse?: (value: string) => string;
}

export function TextField({
  type = 'text',
  placeholder,
  maxLength,
  inputMode,
  autoComplete,
  parse,
  ...field
}: TextFieldProps) {
  const { control, frame } = useLabelledControl(field, {
    type,
    ...(parse ? { parse: (value: string) => (value ? parse(value) || undefined : undefined) as string } : {}),
  });
  return frame(
    <input
      {...control}
      type={type}
      placeholder={placeholder}
      maxLength={maxLength}
      inputMode={inputMode}
      autoComplete={autoComplete}
    />,
  );
}

export function TextAreaField({
  placeholder,
  maxLength,
  ...field
}: BaseFieldProps & { placeholder?: string; maxLength?: number }) {
  const { control, frame } = useLabelledControl(field);
  return frame(<textarea {...control} placeholder={placeholder} maxLength={maxLength} />);
}

export interface SelectOption {
  value: string;
  label: string;
}

export function SelectField({
  options,
  placeholder,
  ...field
}: BaseFieldProps & { options: readonly SelectOption[]; placeholder?: string }) {
  const { control, frame } = useLabelledControl(field);
  return frame(
    <select {...control}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>,
  );
}

/** Choices as a row of radio buttons in a fieldset (a handful of short answers: Yes / No, Phone / Email / SMS). */
export function RadioGroupField({
  name,
  label,
  required,
  hint,
  options,
}: BaseFieldProps & { options: readonly SelectOption[] }) {
  const entry = useFieldEntry(name, label);
  const { meta } = useField<string>(name, {
    subscription: { error: true, submitError: true, touched: true, submitFailed: true, dirtySinceLastSubmit: true },
  });
  const error = shownError(meta);
  return (
    <fieldset
      id={entry.id}
      aria-describedby={describedBy(entry.id, error, hint)}
      css={css`
        ${fieldCss};
        border: 0;
        padding: 0;
        legend {
          font-weight: 600;
          padding: 0;
          margin-bottom: 0.35rem;
        }
      `}
    >
      <legend>
        <LabelText label={label} required={required} />
      </legend>
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1.25rem' }}>
        {options.map((option) => (
          <RadioOption key={option.value} name={name} option={option} />
        ))}
      </div>
      <FieldMessages id={entry.id} error={error} hint={hint} />
    </fieldset>
  );
}

function RadioOption({ name, option }: { name: string; option: SelectOption }) {
  const { input } = useField<string>(name, { type: 'radio', value: option.value });
  return (
    <label css={{ display: 'inline-flex', alignItems: 'center', gap: '0.4rem', minHeight: '2.75rem', fontWeight: 400 }}>
      <input {...input} type="radio" css={{ width: '1.15rem !important', minHeight: 'auto !important', margin: 0 }} />
      {option.label}
    </label>
  );
}

export interface CheckboxFieldProps {
  name: string;
  /** The checkbox's own label (a sentence). */
  label: ReactNode;
  /** How the error list names it. */
  summaryLabel: string;
  /** More text under the label (terms), collapsed on small screens behind Read more. */
  details?: ReactNode;
}

export function CheckboxField({ name, label, summaryLabel, details }: CheckboxFieldProps) {
  const entry = useFieldEntry(name, summaryLabel);
  const {
    input: { value: _value, ...input },
    meta,
  } = useField<boolean>(name, { type: 'checkbox' });
  const error = shownError(meta);
  const [expanded, setExpanded] = useState(false);
  return (
    <div
      css={css`
        ${fieldCss};
        gap: 0.25rem;
      `}
    >
      <div css={{ display: 'flex', gap: '0.6rem', alignItems: 'flex-start' }}>
        <input
          {...input}
          id={entry.id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [details ? `${entry.id}-details` : '', error ? `${entry.id}-error` : ''].filter(Boolean).join(' ') ||
            undefined
          }
          css={{
            width: '1.25rem !important',
            height: '1.25rem',
            minHeight: 'auto !important',
            margin: '0.15rem 0 0',
            flex: 'none',
          }}
        />
        <label htmlFor={entry.id} css={{ fontWeight: 400 }}>
          {label}
        </label>
      </div>
      {details && (
        <div css={{ marginLeft: '1.85rem' }}>
          {/* Spec (§4): on mobile the terms text is collapsed and expandable. */}
          <div
            id={`${entry.id}-details`}
            data-expanded={expanded}
            css={css`
              font-size: 0.875rem;
              color: ${SURFACE.muted};
              @media (max-width: 575.98px) {
                &[data-expanded='false'] {
                  display: -webkit-box;
                  -webkit-line-clamp: 2;
                  -webkit-box-orient: vertical;
                  overflow: hidden;
                }
              }
            `}
          >
            {details}
          </div>
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={`${entry.id}-details`}
            onClick={() => setExpanded((open) => !open)}
            css={css`
              display: none;
              @media (max-width: 575.98px) {
                display: inline-block;
              }
              font: inherit;
              font-size: 0.875rem;
              padding: 0.5rem 0;
              min-height: 2.75rem;
              background: none;
              border: 0;
              text-decoration: underline;
              cursor: pointer;
              color: inherit;
            `}
          >
            {expanded ? 'Read less' : 'Read more'}
          </button>
        </div>
      )}
      <FieldMessages id={entry.id} error={error} />
    </div>
  );
}

/** A value the form sends without showing it (the photo request's 'Request Photos'). */
export function HiddenField({ name }: { name: string }) {
  const { input } = useField<string>(name, { subscription: { value: true } });
  return <input type="hidden" name={input.name} value={input.value ?? ''} />;
}
