import type { LeadDialogProps } from '@forecourt/shared-config/leads';
import { EnquiryForm } from '../../lead-forms/components/enquiry-form';
import { FIND_SIMILAR_MESSAGE, FIND_SIMILAR_SUBCATEGORY } from '../../lead-forms/lib/lead-schema';
import { LeadDialog } from './lead-dialog';

/** The exposed `mf_leads/FindSimilarDialog`: for a car no longer in stock, the enquiry prefilled (spec §4). */
export default function FindSimilarDialog(props: LeadDialogProps) {
  return (
    <LeadDialog {...props} title="Find Me Something Similar">
      <EnquiryForm
        form="find-similar"
        car={props.car}
        initialMessage={FIND_SIMILAR_MESSAGE}
        subcategory={FIND_SIMILAR_SUBCATEGORY}
        label="Find Me Something Similar"
      />
    </LeadDialog>
  );
}
