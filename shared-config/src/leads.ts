import type { RefObject } from 'react';
import { apiFetch, readApiAnswer, zm, type ApiFetch } from '@forecourt/shared-config';
import { leadAttributes, readTabJson, writeTabJson, type LeadAttributes } from '@forecourt/shared-config/visits';

export { leadAttributes, type LeadAttributes };

/**
 * Sending a lead from the browser, for every team with a form that becomes a lead (mf-leads's
 * enquiries, mf-finance's finance enquiry: spec §7 'finance lead uses the same helper'), and the
 * contract of the lead dialogs mf-leads exposes. Imported by its subpath
 * (`@forecourt/shared-config/leads`) by the teams with forms.
 */

/** Spec §8 texts. */
export const LEAD_SUBMIT_ERROR = 'An error occurred when submitting this form';
export const LEAD_UNEXPECTED_ERROR = 'An unexpected error occured';
export const LEAD_FAILED = 'Lead submission failed';

export const LEAD_SUBMIT_PATH = '/api/leads/submit';

/** The car a lead is about, as the vehicle page hands it to a lead dialog. */
export interface LeadCar {
  id: string;
  slug: string;
  name: string;
  make: string;
  model: string;
  year: number | null;
  car_type: 'new' | 'used' | 'demo';
  status: string;
  stocknum: string;
  dealership_slug: string;
  /** The price as the page shows it ('$32,990', 'Enquire for price'). */
  price_text: string;
  image: string | null;
  location: { id: string; slug: string; name: string; distribution_locations: string[] };
}

/**
 * Props of `mf_leads/EnquireDialog`, `./TestDriveDialog`, `./RequestPhotosDialog` and
 * `./FindSimilarDialog`: the page keeps its own buttons and opens the dialog (loading it the first
 * time); focus goes back to `returnFocusTo` when it closes.
 */
export interface LeadDialogProps {
  car: LeadCar;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export type LeadOutcome =
  /** `answer`: the server's whole answer (a valuation's offer, say). */
  | { status: 'sent'; leadId: string; answer: Record<string, unknown> }
  /** The server refused a field (its path in the form's values, e.g. 'phone'). */
  | { status: 'invalid'; field: string; message: string }
  | { status: 'failed'; message: string; detail?: string };

/** Spec: 'Stored user details: name, last_name, email, phone, postcode'. */
export interface StoredUserDetails {
  name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  postcode?: string;
}

/**
 * The shopper's details for the next form, kept in this tab's sessionStorage only: they prefill
 * every form on the site until the tab closes and are never written to localStorage, so a shared
 * or public computer does not keep a person's name, email and phone.
 */
export function storedUserDetails(): StoredUserDetails {
  return readTabJson<StoredUserDetails>('user-details', {});
}

export function rememberUserDetails(details: StoredUserDetails): void {
  const kept: StoredUserDetails = {};
  for (const field of ['name', 'last_name', 'email', 'phone', 'postcode'] as const) {
    const value = details[field];
    if (typeof value === 'string' && value.trim()) kept[field] = value.trim().slice(0, 254);
  }
  writeTabJson('user-details', { ...storedUserDetails(), ...kept });
}

/** The car of the last lead sent from this tab (spec §4: 'a successful lead with a lead_id stores the car'), for /success. */
export interface LastLead {
  leadId: string;
  form: string;
  car: Pick<LeadCar, 'id' | 'slug' | 'name'> | null;
}

export function rememberLastLead(lead: LastLead): void {
  writeTabJson('last-lead', lead);
}

export function lastLead(): LastLead | null {
  return readTabJson<LastLead | null>('last-lead', null);
}

export interface LeadRequest {
  form: string;
  userData: Record<string, unknown>;
  url: string;
  lead_attributes: LeadAttributes;
}

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * A poster for one endpoint that takes an Idempotency-Key: each distinct body gets its own key and
 * a retry of the same body reuses it, so a shopper who presses Send again after a lost answer
 * never makes the dealer a second lead, and one who corrects a field sends a new one. Throws
 * when no answer came. `sameAs` says what of a body makes it the same request, where a part of
 * it is new on every try (a card's one-time token: the same card is the same reservation).
 */
export function createKeyedPost(
  path: string,
  fetchImpl: ApiFetch = apiFetch,
  sameAs: (payload: never) => unknown = (payload) => payload,
) {
  let last: { request: string; key: string } | null = null;
  return async function post(payload: unknown): Promise<Response> {
    const body = JSON.stringify(payload);
    const request = JSON.stringify(sameAs(payload as never));
    if (last?.request !== request) last = { request, key: newKey() };
    return fetchImpl(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': last.key },
      body,
      credentials: 'same-origin',
    });
  };
}

/**
 * The lead endpoint's answer: the lead's id, and whatever else the form's lead gives back (a
 * valuation's offer), which the outcome passes on whole.
 */
const leadAnswerSchema = zm.looseObject({ lead_id: zm.optional(zm.string()), error: zm.optional(zm.string()) });

/** A lead form's sender (a keyed post to the lead endpoint), its answer read as the spec's outcomes. */
export function createLeadSender(fetchImpl?: ApiFetch) {
  const post = createKeyedPost(LEAD_SUBMIT_PATH, fetchImpl);
  return async function send(request: LeadRequest): Promise<LeadOutcome> {
    let response: Response;
    try {
      response = await post(request);
    } catch {
      return { status: 'failed', message: LEAD_SUBMIT_ERROR };
    }
    const result = await readApiAnswer(LEAD_SUBMIT_PATH, response, { schema: leadAnswerSchema });
    if (result.ok) {
      const { lead_id: leadId, error } = result.data;
      if (leadId) return { status: 'sent', leadId, answer: result.data };
      return error
        ? { status: 'failed', message: LEAD_FAILED, detail: error }
        : { status: 'failed', message: LEAD_UNEXPECTED_ERROR };
    }
    const { status, message, field } = result;
    // A success the page cannot read (no JSON, another shape).
    if (status < 300) return { status: 'failed', message: LEAD_UNEXPECTED_ERROR };
    if (status >= 500) return { status: 'failed', message: LEAD_SUBMIT_ERROR };
    // A test-drive time another shopper booked first (409) is shown under its field, as a refused value is.
    if ((status === 400 || status === 409) && field?.startsWith('userData.')) {
      return { status: 'invalid', field: field.slice('userData.'.length), message: message.replace(/^[\w.]+: /, '') };
    }
    if (status === 429) return { status: 'failed', message: message || LEAD_FAILED };
    return { status: 'failed', message: LEAD_FAILED, ...(message ? { detail: message } : {}) };
  };
}
