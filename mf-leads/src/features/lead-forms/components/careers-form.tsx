import { useTenant } from '@forecourt/shared-config';
import { SchemaForm, SubmitButton, TextAreaField, TextField } from '@forecourt/shared-config/form';
import { useMemo } from 'react';
import { careersSchema } from '../lib/lead-schema';
import { ContactFields, OptInField, TermsField } from './contact-fields';
import { useInitialValues } from './initial-values';
import { useLeadSubmit } from './use-lead-submit';

/** The careers enquiry (spec: `/careers`, analytics 51). */
export function CareersForm() {
  const tenant = useTenant();
  const schema = useMemo(() => careersSchema(tenant.leads), [tenant.leads]);
  const initialValues = useInitialValues({ page_id: 'careers' });
  const onSubmit = useLeadSubmit({ form: 'careers' });
  return (
    <SchemaForm label="Careers enquiry" schema={schema} initialValues={initialValues} onSubmit={onSubmit}>
      <ContactFields />
      <TextField
        name="position"
        label="Role you are interested in (optional)"
        maxLength={120}
        placeholder="Sales consultant, technician, …"
      />
      <TextAreaField name="message" label="Tell us about yourself" required maxLength={5000} />
      <OptInField />
      <TermsField />
      <SubmitButton>Send</SubmitButton>
    </SchemaForm>
  );
}
