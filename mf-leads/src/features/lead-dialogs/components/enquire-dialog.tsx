import type { LeadDialogProps } from '@forecourt/shared-config/leads';
import { EnquiryForm } from '../../lead-forms/components/enquiry-form';
import { LeadDialog } from './lead-dialog';

/** The exposed `mf_leads/EnquireDialog`: Enquire Now about a car, the enquiry in two steps (spec: multi-step on vehicle pages). */
export default function EnquireDialog(props: LeadDialogProps) {
  return (
    <LeadDialog {...props} title="Enquire Now">
      <EnquiryForm car={props.car} multiStep label="Enquire Now" />
    </LeadDialog>
  );
}
