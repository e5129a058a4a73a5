import { invalidateApi, track } from '@forecourt/shared-config';
import { FORM_ERROR } from '@forecourt/shared-config/form';
import {
  createLeadSender,
  LEAD_SUBMIT_ERROR,
  leadAttributes,
  rememberLastLead,
  rememberUserDetails,
  type LeadCar,
  type LeadOutcome,
} from '@forecourt/shared-config/leads';
import { useRef } from 'react';
import { MY_ENQUIRIES_PATH } from '../../../contract';
import { LEAD_EVENTS, type LeadEventName } from '../lib/lead-events';
import type { LeadForm } from '../lib/lead-schema';

export type SubmitErrors = Record<string, string> | undefined;

/** What a form shows for a lead the server did not take: a field's own error, or the form's red alert. */
export function outcomeErrors(outcome: LeadOutcome): SubmitErrors {
  if (outcome.status === 'sent') return undefined;
  if (outcome.status === 'invalid') return { [outcome.field]: outcome.message };
  return { [FORM_ERROR]: outcome.detail ? `${outcome.message}: ${outcome.detail}` : outcome.message };
}

/**
 * Spec §8: 'Submit failure: a browser alert and the stored message 'An error occurred when
 * submitting this form''. The failure is a send that got no answer or a server error (the
 * sender's LEAD_SUBMIT_ERROR): the browser's alert says it at once, and the message is kept in
 * the form's state as its submit error, shown in the form's red alert until the next send. The
 * form keeps every value the shopper typed, so Send again is one press.
 */
export function alertSubmitFailure(outcome: LeadOutcome): void {
  if (outcome.status === 'failed' && outcome.message === LEAD_SUBMIT_ERROR) window.alert(LEAD_SUBMIT_ERROR);
}

/** Values worth nothing to the dealer: empty strings are left out rather than sent as ''. */
function withoutBlanks(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== '' && value !== undefined && value !== null),
  );
}

/**
 * A lead form's submit: the values with where they were sent from and the visit's pages, one
 * Idempotency-Key per distinct body (a retry after a lost answer is the same lead); on success
 * the shopper's details are kept for the tab's next form, the car remembered for /success, the
 * event sent and the shopper taken to /success (spec §4). A refusal comes back as the field's
 * error or the form's alert; a send that failed also raises the browser's alert.
 */
export function useLeadSubmit(options: {
  form: LeadForm;
  event?: LeadEventName;
  car?: Pick<LeadCar, 'id' | 'slug' | 'name'> | null;
  onSent?: (leadId: string, answer: Record<string, unknown>) => void;
}) {
  const send = useRef(createLeadSender()).current;
  return async (values: Record<string, unknown>): Promise<SubmitErrors> => {
    const userData = withoutBlanks(values);
    const outcome = await send({
      form: options.form,
      userData,
      url: `${location.pathname}${location.search}`,
      lead_attributes: leadAttributes(),
    });
    if (outcome.status !== 'sent') {
      alertSubmitFailure(outcome);
      return outcomeErrors(outcome);
    }
    // The shopper's garage lists their enquiries: this one with them.
    invalidateApi(MY_ENQUIRIES_PATH);
    rememberUserDetails(userData as Record<string, string>);
    rememberLastLead({
      leadId: outcome.leadId,
      form: options.form,
      car: options.car?.name ? { id: options.car.id, slug: options.car.slug, name: options.car.name } : null,
    });
    void track(LEAD_EVENTS[options.event ?? options.form], {
      lead_id: outcome.leadId,
      form: options.form,
      car_id: options.car?.id ?? null,
    });
    if (options.onSent) options.onSent(outcome.leadId, outcome.answer);
    else location.assign('/success');
    return undefined;
  };
}
