import { css, keyframes } from '@emotion/react';
import { FORM_ERROR } from 'final-form';
import { useContext, type ReactNode } from 'react';
import { useFormState } from 'react-final-form';
// The page's one shared-config, by its package name: a relative import would give this module
// its own copy of the runtime (no tenant set in it).
import { DANGER, readableTextOn, useTenant } from '@forecourt/shared-config';
import { FrameContext } from './form-frame';

/** Spec (finance-leads-locations §2, §8): the list over a form that could not be sent. */
export const FORM_ERRORS_HEADING = 'Please fix the following errors:';

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
          css={css`
            width: 1rem;
            height: 1rem;
            border-radius: 50%;
            border: 2px solid currentColor;
            border-right-color: transparent;
            animation: ${spin} 0.8s linear infinite;
          `}
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
      css={css`
        label: form-alert;
        margin: 0 0 1rem;
        padding: 0.75rem 1rem;
        border: 1px solid ${DANGER.border};
        border-left: 4px solid ${DANGER.text};
        border-radius: 6px;
        background: ${DANGER.background};
        color: ${DANGER.text};
      `}
    >
      {title && <p css={{ margin: children ? '0 0 0.35rem' : 0, fontWeight: 700 }}>{title}</p>}
      {children}
    </div>
  );
}

function flatten(errors: unknown, prefix = ''): Array<[string, string]> {
  if (typeof errors === 'string') return [[prefix, errors]];
  if (!errors || typeof errors !== 'object') return [];
  return Object.entries(errors as Record<string, unknown>).flatMap(([key, value]) =>
    flatten(value, prefix ? `${prefix}.${key}` : key),
  );
}

/**
 * After a submit that failed its checks: 'Please fix the following errors:' with each field's
 * label and message, linked to the field, in the order the fields render; and the form's own
 * error (the server could not take it) in the red alert.
 */
export function FormProblems() {
  const frame = useContext(FrameContext);
  const { errors, submitErrors, submitFailed, submitError, dirtySinceLastSubmit } = useFormState({
    subscription: {
      errors: true,
      submitErrors: true,
      submitFailed: true,
      submitError: true,
      dirtySinceLastSubmit: true,
    },
  });
  const problems = new Map<string, string>(flatten(errors).filter(([name]) => name !== FORM_ERROR));
  if (!dirtySinceLastSubmit)
    for (const [name, message] of flatten(submitErrors))
      if (name !== FORM_ERROR && !problems.has(name)) problems.set(name, message);
  // In the order the fields stand on the page (a field that renders late, a location select
  // waiting for its choices, still takes its place); fields not on the page last.
  const element = (name: string) =>
    typeof document === 'undefined' ? null : document.getElementById(frame?.fields.get(name)?.id ?? '');
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
                  {entry ? (
                    <a href={`#${entry.id}`} css={{ color: 'inherit' }}>{`${entry.label}: ${message}`}</a>
                  ) : (
                    message
                  )}
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
