import { useTenant } from '@forecourt/shared-config';
import type { LeadDialogProps } from '@forecourt/shared-config/leads';
import { visitCopy } from '../../../lib/visit-copy';
import { TestDriveForm } from '../../test-drive/components/test-drive-form';
import { LeadDialog } from './lead-dialog';

/** The exposed `mf_leads/TestDriveDialog`: the car's summary and the two-step test-drive form. */
export default function TestDriveDialog(props: LeadDialogProps) {
  const tenant = useTenant();
  return (
    <LeadDialog {...props} title={visitCopy(tenant.search.itemNoun).title}>
      <TestDriveForm car={props.car} />
    </LeadDialog>
  );
}
