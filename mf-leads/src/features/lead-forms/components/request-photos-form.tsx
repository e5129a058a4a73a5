import { useTenant } from '@forecourt/shared-config';
import { HiddenField, SchemaForm, SubmitButton, TextAreaField } from '@forecourt/shared-config/form';
import type { LeadCar } from '@forecourt/shared-config/leads';
import { useMemo } from 'react';
import { REQUEST_PHOTOS_DEFAULT, requestPhotosSchema } from '../lib/lead-schema';
import { ContactFields, OptInField, TermsField } from './contact-fields';
import { useInitialValues } from './initial-values';
import { useLeadSubmit } from './use-lead-submit';

/** The photo request (spec): core fields, the hidden 'Request Photos' ('Please send photos for this car'), an optional message. */
export function RequestPhotosForm({ car }: { car: Pick<LeadCar, 'id' | 'slug' | 'name'> }) {
  const tenant = useTenant();
  const schema = useMemo(() => requestPhotosSchema(tenant.leads), [tenant.leads]);
  const initialValues = useInitialValues({ car_id: car.id, 'Request Photos': REQUEST_PHOTOS_DEFAULT });
  const onSubmit = useLeadSubmit({ form: 'request-photos', car });
  return (
    <SchemaForm label="Request photos" schema={schema} initialValues={initialValues} onSubmit={onSubmit}>
      <HiddenField name="Request Photos" />
      <ContactFields />
      <TextAreaField
        name="message"
        label="Anything in particular? (optional)"
        maxLength={5000}
        hint="For example the interior, the tyres or the service book."
      />
      <OptInField />
      <TermsField />
      <SubmitButton>Request Photos</SubmitButton>
    </SchemaForm>
  );
}
