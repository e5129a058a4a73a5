import { FORM_ERROR } from 'final-form';
import { useField, useForm, useFormState } from 'react-final-form';
// The page's one shared-config, by its package name: a relative import would give this module
// its own copy of the runtime (no tenant set in it).
import { DANGER } from '@forecourt/shared-config';

/**
 * The platform's form kit: react-final-form for the form's state (values, touched, submitting,
 * submit errors) and zod for its rules, so one schema per form checks the shopper's input in the
 * browser and the same body again on the server. Every team's forms (enquiries, finance,
 * trade-in) are built from these fields, so they look and behave alike: a label above each
 * input, its error below it once the shopper has left the field or tried to submit, the spec's
 * 'Please fix the following errors:' list and red alert, a spinner on the submit button.
 * Shared as its own singleton (`@forecourt/shared-config/form`) with react-final-form, so a page
 * carries one copy and only pages with a form load it. This module is that entry; the kit's
 * parts are in `form-fields.tsx`, `form-alerts.tsx`, `schema-form.tsx` and `step-form.tsx`.
 */

export { FORM_ERRORS_HEADING, FormAlert, SubmitButton } from './form-alerts';
export {
  CheckboxField,
  HiddenField,
  RadioGroupField,
  SelectField,
  shownError,
  TextAreaField,
  TextField,
  type CheckboxFieldProps,
  type SelectOption,
  type TextFieldProps,
} from './form-fields';
export { SchemaForm, zodValidate, type SchemaFormProps } from './schema-form';
/** A field of another kit's own (the operator console's) in the form's error list: its id and label. */
export { useFieldEntry } from './form-frame';
export { StepForm, type FormStep, type StepFormProps } from './step-form';

// The tokens moved to the main entry; still exported here because published builds import DANGER
// from this module, and a pinned build gets the page's copy of it.
export { DANGER };

export { FORM_ERROR };
/** The form library's hooks, for a team's own field (the test-drive time picker, say). */
export { useField, useForm, useFormState };
