import { useTenant } from '@forecourt/shared-config';
import { SchemaForm, SubmitButton, TextAreaField, TextField } from '@forecourt/shared-config/form';
import { useMemo } from 'react';
import { asChoices } from '../lib/form-context';
import { serviceSchema } from '../lib/lead-schema';
import { ContactFields, LocationField, OptInField, TermsField } from './contact-fields';
import { useInitialValues } from './initial-values';
import { useFormContext } from '../api/form-context';
import { useLeadSubmit } from './use-lead-submit';

const NO_LOCATIONS: ReadonlyArray<{ id: string; name: string }> = [];
const upper = (value: string) => value.toUpperCase();

/** `/service`: a service booking request (the rego, the car, a preferred day, the service location), sent as a lead the service desk confirms. */
export function ServiceForm() {
  const tenant = useTenant();
  const context = useFormContext('service');
  const locations = context.status === 'ready' ? context.context.locations : NO_LOCATIONS;
  const schema = useMemo(() => serviceSchema(tenant.leads, asChoices(locations)), [tenant.leads, locations]);
  const initialValues = useInitialValues({});
  const onSubmit = useLeadSubmit({ form: 'service' });
  return (
    <SchemaForm label="Book a service" schema={schema} initialValues={initialValues} onSubmit={onSubmit}>
      <ContactFields />
      <div css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(13rem, 1fr))', columnGap: '1rem' }}>
        <TextField name="rego" label="Rego" required maxLength={12} autoComplete="off" parse={upper} />
        <TextField name="vehicle" label="Make and model (optional)" maxLength={120} />
        <TextField name="preferred_date" label="Preferred date (optional)" type="date" />
      </div>
      <LocationField locations={locations} label="Service centre" />
      <TextAreaField
        name="message"
        label="What does it need? (optional)"
        maxLength={5000}
        hint="A logbook service, a noise, a warning light…"
      />
      <OptInField />
      <TermsField />
      <SubmitButton>Request Booking</SubmitButton>
    </SchemaForm>
  );
}
