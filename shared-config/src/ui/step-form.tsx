import { css } from '@emotion/react';
import type { SubmissionErrors } from 'final-form';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ZodType } from 'zod';
// The page's one shared-config, by its package name: a relative import would give this module
// its own copy of the runtime (no tenant set in it).
import { SURFACE, useTenant } from '@forecourt/shared-config';
import { SubmitButton } from './form-alerts';
import { SchemaForm, type SchemaFormProps } from './schema-form';

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
export function StepForm<V extends object>({
  steps,
  submitLabel,
  footer,
  stepList,
  onSubmit,
  ...rest
}: StepFormProps<V>) {
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
            css={css`
              display: grid;
              grid-template-columns: repeat(${steps.length}, 1fr);
              gap: 0.35rem;
              margin: 0 0 1rem;
              padding: 0;
              list-style: none;
              font-size: 0.8125rem;
              color: ${SURFACE.muted};
            `}
          >
            {steps.map((candidate, i) => (
              <li
                key={candidate.title}
                aria-current={i === index ? 'step' : undefined}
                css={css`
                  padding-top: 0.4rem;
                  border-top: 4px solid ${i <= index ? theme.primary : SURFACE.border};
                  ${i === index ? `color: ${SURFACE.text}; font-weight: 700;` : ''}
                `}
              >
                {candidate.title}
              </li>
            ))}
          </ol>
        ) : (
          <p
            css={{ margin: '0 0 0.25rem', color: SURFACE.muted, fontSize: '0.875rem' }}
          >{`Step ${index + 1} of ${steps.length}`}</p>
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
            css={css`
              font: inherit;
              font-weight: 600;
              min-height: 2.75rem;
              padding: 0.6rem 1.1rem;
              border-radius: 6px;
              border: 1px solid ${SURFACE.border};
              background: ${SURFACE.background};
              cursor: pointer;
            `}
          >
            Back
          </button>
        )}
        <SubmitButton>{last ? submitLabel : 'Next'}</SubmitButton>
      </div>
    </SchemaForm>
  );
}
