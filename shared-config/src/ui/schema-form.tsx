import { FORM_ERROR, setIn, type ValidationErrors } from 'final-form';
import { useId, useMemo, useRef, type ReactNode } from 'react';
import { Form, type FormProps } from 'react-final-form';
import type { ZodType } from 'zod';
import { FormProblems } from './form-alerts';
import { FrameContext, type FieldEntry } from './form-frame';

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
