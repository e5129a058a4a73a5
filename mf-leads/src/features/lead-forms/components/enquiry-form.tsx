import { useTenant } from '@forecourt/shared-config';
import {
  SchemaForm,
  SelectField,
  StepForm,
  SubmitButton,
  TextAreaField,
  TextField,
} from '@forecourt/shared-config/form';
import type { LeadCar } from '@forecourt/shared-config/leads';
import { useMemo } from 'react';
import { enquiryCategories } from '../../../lib/enquiry-topics';
import type { LeadEventName } from '../lib/lead-events';
import { asChoices } from '../lib/form-context';
import { CATEGORIES, DEFAULT_CATEGORY, enquirySchema, type LeadForm } from '../lib/lead-schema';
import { ContactFields, LocationField, OptInField, TermsField } from './contact-fields';
import { useInitialValues } from './initial-values';
import { useFormContext } from '../api/form-context';
import { useLeadSubmit } from './use-lead-submit';

export interface EnquiryFormProps {
  /** 'find-similar' for the not-in-stock enquiry (its own analytics id and subcategory). */
  form?: Extract<LeadForm, 'enquiry' | 'find-similar'>;
  /** The car it is about (vehicle page, dialogs), or only its id (`?car_id=` on a page). */
  car?: Pick<LeadCar, 'id' | 'slug' | 'name'> | null;
  /** Spec §2: multi-step on vehicle pages (the question, then the shopper's details). */
  multiStep?: boolean;
  initialMessage?: string;
  subcategory?: string;
  /** The content page it sits on (spec: page_id). */
  pageId?: string;
  /** Asks for the car's rego (the contact page, where the question may be about the shopper's own car). */
  withRego?: boolean;
  /** The category it starts on (spec default 'General Enquiry'): one the site offers (`enquiryCategories`). */
  category?: (typeof CATEGORIES)[number];
  event?: LeadEventName;
  submitLabel?: string;
  label?: string;
}

const NO_LOCATIONS: ReadonlyArray<{ id: string; name: string }> = [];

/**
 * The generic enquiry (spec §2 Forms): 'First Name', 'Last Name', 'Email Address', 'Mobile
 * Number', postcode where shown, 'Comments' (required unless the site says otherwise), category
 * (default General Enquiry), the location where there are several, opt-in, terms where used.
 */
export function EnquiryForm({
  form = 'enquiry',
  car = null,
  multiStep = false,
  initialMessage,
  subcategory,
  pageId,
  withRego = false,
  category = DEFAULT_CATEGORY,
  event,
  submitLabel = 'Send Enquiry',
  label = 'Enquiry',
}: EnquiryFormProps) {
  const tenant = useTenant();
  const context = useFormContext(form, car?.id);
  const locations = context.status === 'ready' ? context.context.locations : NO_LOCATIONS;
  const schema = useMemo(() => enquirySchema(tenant.leads, asChoices(locations)), [tenant.leads, locations]);
  const firstStep = useMemo(() => schema.pick({ message: true, category: true }).loose(), [schema]);
  const initialValues = useInitialValues({
    category,
    message: initialMessage,
    subcategory,
    page_id: pageId,
    car_id: car?.id,
    location_id: locations.length === 1 ? locations[0]!.id : undefined,
  });
  const categoryOptions = useMemo(
    () => enquiryCategories(tenant).map((option) => ({ value: option, label: option })),
    [tenant],
  );
  const onSubmit = useLeadSubmit({
    form,
    event: event ?? (form === 'enquiry' && !car ? 'contact-page' : undefined),
    car,
  });

  const question = (
    <>
      <SelectField name="category" label="Category" required options={categoryOptions} />
      <TextAreaField name="message" label="Comments" required={tenant.leads.commentsRequired} maxLength={5000} />
    </>
  );
  const consent = (
    <>
      <OptInField />
      <TermsField />
    </>
  );
  if (multiStep) {
    return (
      <StepForm
        label={label}
        initialValues={initialValues}
        onSubmit={onSubmit}
        submitLabel={submitLabel}
        steps={[
          { title: 'Your enquiry', schema: firstStep, content: question },
          {
            title: 'Your details',
            schema,
            content: (
              <>
                <ContactFields />
                <LocationField locations={locations} />
                {consent}
              </>
            ),
          },
        ]}
      />
    );
  }
  return (
    <SchemaForm label={label} schema={schema} initialValues={initialValues} onSubmit={onSubmit}>
      <ContactFields />
      <LocationField locations={locations} />
      {withRego && <TextField name="rego" label="Rego (optional)" maxLength={12} autoComplete="off" />}
      {question}
      {consent}
      <SubmitButton>{submitLabel}</SubmitButton>
    </SchemaForm>
  );
}
