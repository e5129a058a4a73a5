import type { LeadDialogProps } from '@forecourt/shared-config/leads';
import { RequestPhotosForm } from '../../lead-forms/components/request-photos-form';
import { LeadDialog } from './lead-dialog';

/** The exposed `mf_leads/RequestPhotosDialog`. */
export default function RequestPhotosDialog(props: LeadDialogProps) {
  return (
    <LeadDialog {...props} title="Request Photos">
      <RequestPhotosForm car={props.car} />
    </LeadDialog>
  );
}
