import { useTenant } from '@forecourt/shared-config';
import { CheckboxField, SelectField, TextField, useForm } from '@forecourt/shared-config/form';
import { useEffect } from 'react';
import { OPT_IN_LABEL } from '../lib/lead-schema';

const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** Spec §3 contact fields with the spec's labels: 'First Name', 'Email Address', 'Mobile Number'; the postcode where the site shows it. */
export function ContactFields() {
  const { leads } = useTenant();
  return (
    <div css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(15rem, 1fr))', columnGap: '1rem' }}>
      <TextField name="name" label="First Name" required autoComplete="given-name" maxLength={100} />
      <TextField name="last_name" label="Last Name" required autoComplete="family-name" maxLength={100} />
      <TextField
        name="email"
        label="Email Address"
        type="email"
        inputMode="email"
        required
        autoComplete="email"
        maxLength={254}
      />
      <TextField
        name="phone"
        label="Mobile Number"
        type="tel"
        inputMode="tel"
        required
        autoComplete="tel"
        placeholder="04XX XXX XXX"
        maxLength={32}
      />
      {/* Spec §5: placeholder 1234, exactly 4 digits, maximum length 4, no thousands separator. */}
      {leads.postcodeShown && (
        <TextField
          name="postcode"
          label="Postcode"
          required
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="1234"
          maxLength={4}
          parse={digitsOnly}
        />
      )}
    </div>
  );
}

/** The location select where the form shows one (several to choose from); with one, it is chosen for the shopper and not shown. */
export function LocationField({
  locations,
  label = 'Location',
}: {
  locations: ReadonlyArray<{ id: string; name: string }>;
  label?: string;
}) {
  const form = useForm();
  const only = locations.length === 1 ? locations[0]!.id : null;
  useEffect(() => {
    // Spec §4: the location dropdown auto-selects when only one option exists.
    if (only && !form.getState().values['location_id']) form.change('location_id', only);
  }, [form, only]);
  if (locations.length < 2) return null;
  return (
    <SelectField
      name="location_id"
      label={label}
      required
      placeholder="Choose a location"
      options={locations.map((location) => ({ value: location.id, label: location.name }))}
    />
  );
}

/** Spec §5: the opt-in, ticked by default. */
export function OptInField() {
  return <CheckboxField name="opt_in" label={OPT_IN_LABEL} summaryLabel="Email me" />;
}

/** The terms checkbox on sites that use it (spec §5), its text collapsed on small screens (spec §4). */
export function TermsField() {
  const tenant = useTenant();
  if (!tenant.leads.termsRequired) return null;
  return (
    <CheckboxField
      name="terms_conditions"
      summaryLabel="Terms of use"
      label={
        <>
          I agree to the <a href="/terms-and-conditions">terms of use</a> and{' '}
          <a href="/privacy-policy">privacy policy</a>.
        </>
      }
      details={`${tenant.name} will use your details to answer this enquiry and may contact you by phone, SMS or email about it. Your details are handled under our privacy policy and are never sold. You can ask us to correct or delete them at any time.`}
    />
  );
}
