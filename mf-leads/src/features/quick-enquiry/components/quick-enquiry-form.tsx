import { useTenant } from '@forecourt/shared-config';
import { SchemaForm, SubmitButton, TextAreaField } from '@forecourt/shared-config/form';
import { useMemo } from 'react';
import { ContactFields, OptInField, TermsField } from '../../lead-forms/components/contact-fields';
import { useInitialValues } from '../../lead-forms/components/initial-values';
import { useLeadSubmit } from '../../lead-forms/components/use-lead-submit';
import { quickEnquirySchema } from '../../lead-forms/lib/lead-schema';

/** The quick enquiry: the contact fields and one question (spec §1), filed as 'quick-enquiry' (analytics 17). */
export default function QuickEnquiryForm() {
  const tenant = useTenant();
  const schema = useMemo(() => quickEnquirySchema(tenant.leads), [tenant.leads]);
  const initialValues = useInitialValues({});
  const onSubmit = useLeadSubmit({ form: 'quick-enquiry' });
  return (
    <SchemaForm label="Quick enquiry" schema={schema} initialValues={initialValues} onSubmit={onSubmit}>
      <ContactFields />
      <TextAreaField name="message" label="Your question" required={tenant.leads.commentsRequired} maxLength={5000} />
      <OptInField />
      <TermsField />
      <SubmitButton>Send Question</SubmitButton>
    </SchemaForm>
  );
}
