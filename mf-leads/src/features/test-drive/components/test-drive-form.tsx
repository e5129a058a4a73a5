import { useTenant } from '@forecourt/shared-config';
import { StepForm, TextAreaField, useFormState } from '@forecourt/shared-config/form';
import type { LeadCar } from '@forecourt/shared-config/leads';
import { useMemo } from 'react';
import { ContactFields, LocationField, OptInField, TermsField } from '../../lead-forms/components/contact-fields';
import { useInitialValues } from '../../lead-forms/components/initial-values';
import { useFormContext } from '../../lead-forms/api/form-context';
import { useLeadSubmit } from '../../lead-forms/components/use-lead-submit';
import { asChoices } from '../../lead-forms/lib/form-context';
import { testDriveSchema, testDriveSubcategory } from '../../lead-forms/lib/lead-schema';
import { visitCopy, type VisitCopy } from '../../../lib/visit-copy';
import { TestDriveTimePicker } from './time-picker';

const NO_LOCATIONS: ReadonlyArray<{ id: string; name: string }> = [];

/** The time picker of the chosen location (or the only one). */
function WhenFields({ locations, copy }: { locations: ReadonlyArray<{ id: string; name: string }>; copy: VisitCopy }) {
  const { values } = useFormState({ subscription: { values: true } });
  const chosen =
    typeof values['location_id'] === 'string' && values['location_id']
      ? (values['location_id'] as string)
      : locations.length === 1
        ? locations[0]!.id
        : null;
  return (
    <>
      <LocationField locations={locations} label={copy.where} />
      <TestDriveTimePicker locationId={chosen} legend={copy.when} />
      <TextAreaField name="message" label="Message (optional)" maxLength={5000} />
    </>
  );
}

/**
 * The test drive (spec: two steps; 'Test Drive Booking Date' offered from the location's hours
 * less the bookings; the distribution location when the car's location has several;
 * subcategory 'Test Drive Booking Used' or 'Test Drive Booking New'; the terms where the site
 * uses them). Without a car (the `/book-test-drive/` page) the shopper picks a sales location.
 */
export function TestDriveForm({
  car = null,
  carId = null,
}: {
  car?: Pick<LeadCar, 'id' | 'slug' | 'name' | 'car_type'> | null;
  carId?: string | null;
}) {
  const tenant = useTenant();
  const id = car?.id ?? carId;
  const context = useFormContext('test-drive', id);
  const ready = context.status === 'ready' ? context.context : null;
  const locations = ready?.locations ?? NO_LOCATIONS;
  const carType = car?.car_type ?? ready?.car?.car_type ?? null;
  const schema = useMemo(() => testDriveSchema(tenant.leads, asChoices(locations)), [tenant.leads, locations]);
  const firstStep = useMemo(() => schema.pick({ location_id: true, dateTime: true, message: true }).loose(), [schema]);
  const initialValues = useInitialValues({
    car_id: id,
    subcategory: carType ? testDriveSubcategory(carType) : undefined,
  });
  const onSubmit = useLeadSubmit({
    form: 'test-drive',
    car: car ?? (ready?.car ? { id: ready.car.id, slug: '', name: ready.car.name } : null),
  });
  const copy = visitCopy(tenant.search.itemNoun);
  return (
    <StepForm
      label={copy.heading}
      initialValues={initialValues}
      onSubmit={onSubmit}
      submitLabel={copy.submit}
      steps={[
        { title: 'When and where', schema: firstStep, content: <WhenFields locations={locations} copy={copy} /> },
        {
          title: 'Your details',
          schema,
          content: (
            <>
              <ContactFields />
              <OptInField />
              <TermsField />
            </>
          ),
        },
      ]}
    />
  );
}
