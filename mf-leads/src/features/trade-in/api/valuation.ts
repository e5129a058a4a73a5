import { apiWrite } from '@forecourt/shared-config';
import {
  offerAcceptedSchema,
  regoLookupAnswerSchema,
  valuationSchema,
  type RegoVehicle,
  type Valuation,
} from '../../../contract';
import { OFFER_ACCEPTED_SUBCATEGORY, REGO_NOT_FOUND } from '../lib/valuation';

/** The valuation the lead's answer carries (a trade-in lead answers with the estimator's), or null. */
export function valuationOf(answer: Record<string, unknown>): Valuation | null {
  const valuation = valuationSchema.safeParse(answer['valuation']);
  return valuation.success ? valuation.data : null;
}

/** Spec §7: 'POST /api/miscellaneous: valuation result plus column_name "valuation" (some dealers); logs success or "Failed to save valuation data"'. */
export async function saveValuation(leadId: string, valuation: Valuation): Promise<void> {
  const result = await apiWrite('/api/miscellaneous', {
    body: { column_name: 'valuation', lead_id: leadId, data: valuation },
  });
  if (result.ok) console.info('[mf-leads] valuation saved');
  else console.error('Failed to save valuation data', result.status || 'no answer');
}

/** Accept Offer (spec §7: lead_id, form_completed, offer_accepted, subcategory '3. Offer Accepted'): the offer's own lead id, or null when it was not taken. */
export async function acceptOffer(leadId: string): Promise<string | null> {
  const result = await apiWrite('/api/leads/offer-accepted', {
    body: { lead_id: leadId, form_completed: true, offer_accepted: true, subcategory: OFFER_ACCEPTED_SUBCATEGORY },
    schema: offerAcceptedSchema,
  });
  return result.ok ? result.data.lead_id : null;
}

/**
 * The car behind a plate (spec §7 rego lookup: rego, regoState), or the text to show: the
 * register does not know it (404), the server refused what was typed, or no answer came.
 */
export async function lookUpRego(
  rego: string,
  regoState: string,
): Promise<{ ok: true; vehicle: RegoVehicle } | { ok: false; message: string }> {
  const result = await apiWrite('/api/leads/rego-lookup', {
    body: { rego, regoState },
    schema: regoLookupAnswerSchema,
  });
  if (result.ok) return { ok: true, vehicle: result.data.vehicle };
  if (result.status === 0)
    return {
      ok: false,
      message: 'We could not look up the registration just now. Please enter your car’s details below.',
    };
  return {
    ok: false,
    message: result.status === 404 ? REGO_NOT_FOUND : (result.message || REGO_NOT_FOUND).replace(/^[\w.]+: /, ''),
  };
}
