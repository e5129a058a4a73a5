import { css, keyframes } from '@emotion/react';
import { FORM_ERROR, setIn, type SubmissionErrors, type ValidationErrors } from 'final-form';
import { createContext, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Form, useField, useForm, useFormState, type FormProps } from 'react-final-form';
import type { ZodType } from 'zod';
// The page's one shared-config, by its package name: a relative import would give this module
// its own copy of the runtime (no tenant set in it).
import { readableTextOn, SURFACE, useTenant } from '@forecourt/shared-config';

/**
 * The platform's form kit: react-final-form for the form's state (values, touched, submitting,
 * submit errors) and zod for its rules, so one schema per form checks the shopper's input in the
 * browser and the same body again on the server. Every team's forms (enquiries, finance,
 * trade-in) are built from these fields, so they look and behave alike: a label above each
 * input, its error below it once the shopper has left the field or tried to submit, the spec's
 * 'Please fix the following errors:' list and red alert, a spinner on the submit button.
 * Shared as its own singleton (`@forecourt/shared-config/form`) with react-final-form, so a page
 * carries one copy and only pages with a form load it.
 */

/** Spec (finance-leads-locations §2, §8): the list over a form that could not be sent. */
export const FORM_ERRORS_HEADING = 'Please fix the following errors:';

/** Colours of errors and the destructive alert (the tenant's own colours are for actions). */
export const DANGER = { text: '#b42318', border: '#fda29b', background: '#fef3f2' } as const;

/**
 * A final-form `validate` from a zod schema: each issue's message at its field's path (the first
 * issue per field, the order the schema declares them), nothing when the values pass.
 */
export function zodValidate<T>(schema: ZodType<T>): (values: object) => ValidationErrors {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return undefined;
    let errors: object = {};
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.') || FORM_ERROR;
      if (seen.has(path)) continue;
      seen.add(path);
      errors = setIn(errors, path, issue.message);
    }
    return errors;
  };
}

interface FieldEntry {
  label: string;
  id: string;
}

/** The form's fields, in the order they render: the error list names and links them. */
interface FormFrameContext {
  idPrefix: string;
  fields: Map<string, FieldEntry>;
}

const FrameContext = createContext<FormFrameContext | null>(null);

function useFieldEntry(name: string, label: string): FieldEntry {
  const frame = useContext(FrameContext);
  const ownId = useId();
  const id = frame ? `${frame.idPrefix}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}` : ownId;
  frame?.fields.set(name, { label, id });
  return { label, id };
}

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
    border: 1px solid #98a2b3;
    border-radius: 6px;
    background: #fff;
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

const errorCss = css`margin: 0; color: ${DANGER.text}; font-size: 0.9375rem;`;
const hintCss = css`margin: 0; color: ${SURFACE.muted}; font-size: 0.875rem;`;

/** A field's error, once the shopper has left it or tried to submit, or the server's word for it. */
function shownError(meta: { error?: unknown; submitError?: unknown; touched?: boolean; submitFailed?: boolean; dirtySinceLastSubmit?: boolean }): string | null {
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

const describedBy = (id: string, error: string | null, hint: unknown) => [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

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
function useLabelledControl({ name, label, required, hint }: BaseFieldProps, config?: Parameters<typeof useField<string>>[1]) {
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

export function TextField({ type = 'text', placeholder, maxLength, inputMode, autoComplete, parse, ...field }: TextFieldProps) {
  const { control, frame } = useLabelledControl(field, { type, ...(parse ? { parse: (value: string) => (value ? parse(value) || undefined : undefined) as string } : {}) });
  return frame(<input {...control} type={type} placeholder={placeholder} maxLength={maxLength} inputMode={inputMode} autoComplete={autoComplete} />);
}

export function TextAreaField({ placeholder, maxLength, ...field }: BaseFieldProps & { placeholder?: string; maxLength?: number }) {
  const { control, frame } = useLabelledControl(field);
  return frame(<textarea {...control} placeholder={placeholder} maxLength={maxLength} />);
}

export interface SelectOption {
  value: string;
  label: string;
}

export function SelectField({ options, placeholder, ...field }: BaseFieldProps & { options: readonly SelectOption[]; placeholder?: string }) {
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
export function RadioGroupField({ name, label, required, hint, options }: BaseFieldProps & { options: readonly SelectOption[] }) {
  const entry = useFieldEntry(name, label);
  const { meta } = useField<string>(name, { subscription: { error: true, submitError: true, touched: true, submitFailed: true, dirtySinceLastSubmit: true } });
  const error = shownError(meta);
  return (
    <fieldset id={entry.id} aria-describedby={describedBy(entry.id, error, hint)} css={css`${fieldCss}; border: 0; padding: 0; legend { font-weight: 600; padding: 0; margin-bottom: 0.35rem; }`}>
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
  const { input: { value: _value, ...input }, meta } = useField<boolean>(name, { type: 'checkbox' });
  const error = shownError(meta);
  const [expanded, setExpanded] = useState(false);
  return (
    <div css={css`${fieldCss}; gap: 0.25rem;`}>
      <div css={{ display: 'flex', gap: '0.6rem', alignItems: 'flex-start' }}>
        <input
          {...input}
          id={entry.id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={[details ? `${entry.id}-details` : '', error ? `${entry.id}-error` : ''].filter(Boolean).join(' ') || undefined}
          css={{ width: '1.25rem !important', height: '1.25rem', minHeight: 'auto !important', margin: '0.15rem 0 0', flex: 'none' }}
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

const spin = keyframes`to { transform: rotate(360deg); }`;

/** The spec's 'submitting (button spinner)': disabled and busy while the form is being sent. */
export function SubmitButton({ children, busyText = 'Sending…' }: { children: ReactNode; busyText?: string }) {
  const tenant = useTenant();
  const { submitting } = useFormState({ subscription: { submitting: true } });
  const colour = tenant.theme.primary;
  return (
    <button
      type="submit"
      disabled={submitting}
      aria-busy={submitting || undefined}
      css={css`
        label: form-submit;
        display: inline-flex;
        align-items: center;
        justify-content: center;
        gap: 0.5rem;
        min-height: 2.75rem;
        min-width: 10rem;
        padding: 0.6rem 1.25rem;
        font: inherit;
        font-weight: 600;
        border-radius: 6px;
        border: 1px solid ${colour};
        background: ${colour};
        color: ${readableTextOn(colour)};
        cursor: pointer;
        &:disabled {
          cursor: progress;
          opacity: 0.85;
        }
      `}
    >
      {submitting && (
        <span
          aria-hidden="true"
          css={css`width: 1rem; height: 1rem; border-radius: 50%; border: 2px solid currentColor; border-right-color: transparent; animation: ${spin} 0.8s linear infinite;`}
        />
      )}
      {submitting ? busyText : children}
    </button>
  );
}

/** A red destructive alert (spec: 'Errors in forms show in a red alert'). */
export function FormAlert({ title, children }: { title?: string; children?: ReactNode }) {
  return (
    <div
      role="alert"
      css={css`label: form-alert; margin: 0 0 1rem; padding: 0.75rem 1rem; border: 1px solid ${DANGER.border}; border-left: 4px solid ${DANGER.text}; border-radius: 6px; background: ${DANGER.background}; color: ${DANGER.text};`}
    >
      {title && <p css={{ margin: children ? '0 0 0.35rem' : 0, fontWeight: 700 }}>{title}</p>}
      {children}
    </div>
  );
}

function flatten(errors: unknown, prefix = ''): Array<[string, string]> {
  if (typeof errors === 'string') return [[prefix, errors]];
  if (!errors || typeof errors !== 'object') return [];
  return Object.entries(errors as Record<string, unknown>).flatMap(([key, value]) => flatten(value, prefix ? `${prefix}.${key}` : key));
}

/**
 * After a submit that failed its checks: 'Please fix the following errors:' with each field's
 * label and message, linked to the field, in the order the fields render; and the form's own
 * error (the server could not take it) in the red alert.
 */
function FormProblems() {
  const frame = useContext(FrameContext);
  const { errors, submitErrors, submitFailed, submitError, dirtySinceLastSubmit } = useFormState({
    subscription: { errors: true, submitErrors: true, submitFailed: true, submitError: true, dirtySinceLastSubmit: true },
  });
  const problems = new Map<string, string>(flatten(errors).filter(([name]) => name !== FORM_ERROR));
  if (!dirtySinceLastSubmit) for (const [name, message] of flatten(submitErrors)) if (name !== FORM_ERROR && !problems.has(name)) problems.set(name, message);
  // In the order the fields stand on the page (a field that renders late, a location select
  // waiting for its choices, still takes its place); fields not on the page last.
  const element = (name: string) => (typeof document === 'undefined' ? null : document.getElementById(frame?.fields.get(name)?.id ?? ''));
  const listed = [...problems.entries()].sort(([a], [b]) => {
    const first = element(a);
    const second = element(b);
    if (!first || !second) return (first ? 0 : 1) - (second ? 0 : 1);
    return first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
  return (
    <>
      {submitFailed && listed.length > 0 && (
        <FormAlert title={FORM_ERRORS_HEADING}>
          <ul css={{ margin: 0, paddingLeft: '1.25rem' }}>
            {listed.map(([name, message]) => {
              const entry = frame?.fields.get(name);
              return (
                <li key={name}>
                  {entry ? <a href={`#${entry.id}`} css={{ color: 'inherit' }}>{`${entry.label}: ${message}`}</a> : message}
                </li>
              );
            })}
          </ul>
        </FormAlert>
      )}
      {typeof submitError === 'string' && <FormAlert title={submitError} />}
    </>
  );
}

export interface SchemaFormProps<V extends object> {
  /** The form's one schema (the server checks the same). */
  schema: ZodType<unknown>;
  initialValues?: Partial<V>;
  /** Sends the values; returns nothing on success, or `{ field: message }` / `{ [FORM_ERROR]: message }`. */
  onSubmit: FormProps<V>['onSubmit'];
  /** The form's accessible name. */
  label: string;
  children: ReactNode;
}

/**
 * A form on the platform's kit: checked by its schema, the error list and the form's alert
 * above the fields, native validation off (the schema's texts are the ones shown). After a
 * failed submit, focus moves to the error list so a keyboard or screen-reader shopper hears it.
 */
export function SchemaForm<V extends object>({ schema, initialValues, onSubmit, label, children }: SchemaFormProps<V>) {
  const idPrefix = useId().replace(/:/g, '');
  const fields = useRef(new Map<string, FieldEntry>()).current;
  const formRef = useRef<HTMLFormElement>(null);
  // A new schema (the next step's) re-checks the values at once.
  const validate = useMemo(() => zodValidate(schema), [schema]);
  return (
    <FrameContext.Provider value={{ idPrefix, fields }}>
      <Form<V>
        onSubmit={onSubmit}
        validate={validate as (values: V) => ValidationErrors}
        {...(initialValues ? { initialValues } : {})}
        subscription={{}}
        render={({ handleSubmit }) => (
          <form
            ref={formRef}
            aria-label={label}
            noValidate
            onSubmit={(event) => {
              const done = handleSubmit(event);
              const focusProblems = () => {
                const alert = formRef.current?.querySelector<HTMLElement>('[role="alert"]');
                if (alert) {
                  alert.tabIndex = -1;
                  alert.focus();
                }
              };
              // A failed check answers at once; a refused send after the request.
              void Promise.resolve(done).then(() => requestAnimationFrame(focusProblems));
            }}
          >
            <FormProblems />
            {children}
          </form>
        )}
      />
    </FrameContext.Provider>
  );
}

export interface FormStep {
  title: string;
  /** Checks the fields shown so far; the last step's is the form's whole schema. */
  schema: ZodType<unknown>;
  content: ReactNode;
  /**
   * Work a non-final step does before the form moves on (send a code, check it): errors by field
   * (or FORM_ERROR) keep the shopper on the step with them shown; nothing moves on.
   */
  onNext?: (values: Record<string, unknown>) => Promise<SubmissionErrors | undefined> | SubmissionErrors | undefined;
}

export interface StepFormProps<V extends object> extends Omit<SchemaFormProps<V>, 'schema' | 'children'> {
  steps: readonly FormStep[];
  submitLabel: string;
  /** Shown under the steps on every step (a disclaimer, say). */
  footer?: ReactNode;
  /** Every step's title in a list above the form, the current one marked (instead of 'Step 2 of 4'). */
  stepList?: boolean;
}

/**
 * A form in steps (spec §4: 'non-final steps advance; the last step submits'): each step checks
 * its own fields before moving on, Back keeps what was typed, and the step's heading takes focus
 * so a keyboard shopper carries on from the top of the new step.
 */
export function StepForm<V extends object>({ steps, submitLabel, footer, stepList, onSubmit, ...rest }: StepFormProps<V>) {
  const { theme } = useTenant();
  const [index, setIndex] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const step = steps[Math.min(index, steps.length - 1)]!;
  const last = index >= steps.length - 1;
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [index]);
  return (
    <SchemaForm<V>
      {...rest}
      schema={step.schema}
      // Two parameters: final-form takes a three-parameter submit for one that answers through a
      // callback, and would wait for it.
      onSubmit={(values, form) => {
        if (!last) {
          const advance = () => {
            moved.current = true;
            setIndex(index + 1);
          };
          if (!step.onNext) {
            advance();
            // The next step's fields start untouched: their errors wait for the shopper.
            return undefined;
          }
          return Promise.resolve(step.onNext(values as Record<string, unknown>)).then((errors) => {
            if (errors && Object.keys(errors).length > 0) return errors;
            advance();
            return undefined;
          });
        }
        return onSubmit(values, form);
      }}
    >
      {steps.length > 1 &&
        (stepList ? (
          <ol
            aria-label="Steps"
            css={css`display: grid; grid-template-columns: repeat(${steps.length}, 1fr); gap: 0.35rem; margin: 0 0 1rem; padding: 0; list-style: none; font-size: 0.8125rem; color: ${SURFACE.muted};`}
          >
            {steps.map((candidate, i) => (
              <li
                key={candidate.title}
                aria-current={i === index ? 'step' : undefined}
                css={css`padding-top: 0.4rem; border-top: 4px solid ${i <= index ? theme.primary : SURFACE.border}; ${i === index ? 'color: #101828; font-weight: 700;' : ''}`}
              >
                {candidate.title}
              </li>
            ))}
          </ol>
        ) : (
          <p css={{ margin: '0 0 0.25rem', color: SURFACE.muted, fontSize: '0.875rem' }}>{`Step ${index + 1} of ${steps.length}`}</p>
        ))}
      <h3 ref={headingRef} tabIndex={-1} css={{ margin: '0 0 0.75rem', fontSize: '1.0625rem', outline: 'none' }}>
        {step.title}
      </h3>
      {step.content}
      {footer}
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', alignItems: 'center' }}>
        {index > 0 && (
          <button
            type="button"
            onClick={() => {
              moved.current = true;
              setIndex(index - 1);
            }}
            css={css`font: inherit; font-weight: 600; min-height: 2.75rem; padding: 0.6rem 1.1rem; border-radius: 6px; border: 1px solid ${SURFACE.border}; background: #fff; cursor: pointer;`}
          >
            Back
          </button>
        )}
        <SubmitButton>{last ? submitLabel : 'Next'}</SubmitButton>
      </div>
    </SchemaForm>
  );
}

export { FORM_ERROR };
/** The form library's hooks, for a team's own field (the test-drive time picker, say). */
export { useField, useForm, useFormState };
