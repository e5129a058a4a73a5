import type { LeadDialogProps } from '@forecourt/shared-config/leads';
import { TestDriveForm } from '../../test-drive/components/test-drive-form';
import { LeadDialog } from './lead-dialog';

/** The exposed `mf_leads/TestDriveDialog`: the car's summary and the two-step test-drive form. */
export default function TestDriveDialog(props: LeadDialogProps) {
  return (
    <LeadDialog {...props} title="Book a Test Drive">
      <TestDriveForm car={props.car} />
    </LeadDialog>
  );
}
