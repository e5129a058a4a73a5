import { paths, readApiAnswer, zm, type ApiFetch } from '@forecourt/shared-config';
import { createKeyedPost, LEAD_FAILED, rememberLastLead } from '@forecourt/shared-config/leads';
import { leadAttributes } from '@forecourt/shared-config/visits';
import type { FinanceQuery } from '../lib/finance-query';
import type { financeEnquirySchema } from '../lib/finance-schema';
import type { z } from 'zod';

export const CREATE_CUSTOMER_PATH = '/api/youx/create-customer';
export const FINANCE_ENQUIRY_PATH = '/api/finance/enquiry';

/** Spec texts for the partner hand-over. */
export const CUSTOMER_FAILED = 'Failed to create YouX customer';
export const CUSTOMER_UNREACHABLE = 'Failed to create customer with YouX';
export const NO_REDIRECT = 'Failed to create customer or no redirect URL received.';
export const UNKNOWN_ERROR = 'An unknown error occurred.';

/**
 * The answer of `POST /api/youx/create-customer` and `POST /api/finance/enquiry`: the finance
 * lead's id, and with the partner where the shopper continues. A refusal after the lead was
 * stored (the partner down) still names the lead.
 */
export const enquiryAnswerSchema = zm.object({ lead_id: zm.string(), redirectUrl: zm.optional(zm.string()) });
export type EnquiryAnswer = zm.output<typeof enquiryAnswerSchema>;
const enquiryRefusalSchema = zm.object({ lead_id: zm.optional(zm.string()) });

export type EnquiryOutcome =
  | { status: 'redirect'; url: string }
  | { status: 'stored'; successPath: string }
  | { status: 'failed'; message: string; field?: string };

/** The car the enquiry is about, when there is one (from the page's link or the vehicle page). */
export interface FinanceEnquiryCar {
  id: string;
  slug: string;
  name: string;
  /** The price shown for the car (10 or less means it has none). */
  price: number;
  vin: string | null;
  nvic: string | null;
  year: number;
  dealership_slug: string;
  car_type: 'new' | 'used' | 'demo';
  /** The weekly figure of the finance quote the car already has, null when none; absent when the caller does not know. */
  finance_quote_weekly?: number | null;
}

export interface EnquiryInput {
  values: z.output<typeof financeEnquirySchema>;
  query: FinanceQuery;
  car: FinanceEnquiryCar | null;
  /** The site hands the shopper to the finance partner (else the enquiry is a lead only). */
  partner: boolean;
  /** Sent from the Equifax finance page, with the shopper's consent to the credit check. */
  creditCheck?: boolean;
}

/**
 * The create-customer call's body (spec: `data` with nvic, vin, selfAssessedCreditScore,
 * purchasePrice, year, loanTerm, phoneNumber, firstName, lastName, email; `additionalData` with
 * postCode and subscribe) and the finance lead's context (spec finance lead: whoIsHelping, tags,
 * car_id, vin, dealership_slug, car_type, lead_attributes).
 */
export function enquiryBody({ values, query, car, creditCheck }: EnquiryInput) {
  return {
    data: {
      nvic: car?.nvic ?? query.nvic ?? undefined,
      vin: car?.vin ?? query.vin ?? undefined,
      selfAssessedCreditScore: values.selfAssessedCreditScore,
      purchasePrice: values.purchasePrice,
      year: car?.year ?? query.year ?? undefined,
      loanTerm: values.loanTerm,
      phoneNumber: values.phoneNumber,
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
    },
    additionalData: {
      postCode: values.postCode,
      subscribe: values.subscribe,
      whoIsHelping: values.whoIsHelping,
      car_id: car?.id ?? query.carId ?? undefined,
      dealership_slug: car?.dealership_slug ?? query.preferredDealership ?? undefined,
      car_type: car?.car_type ?? query.carType ?? undefined,
      tags: ['finance-enquiry'],
      lead_attributes: leadAttributes(),
      url:
        typeof window === 'undefined'
          ? undefined
          : `${window.location.pathname}${window.location.search}`.slice(0, 2048),
      ...(creditCheck ? { creditCheck: true as const } : {}),
    },
  };
}

/**
 * The enquiry's sender: the same body sent again (Send pressed after a lost answer) carries the
 * same Idempotency-Key, so the dealer gets one finance lead. With the partner, the answer's
 * `redirectUrl` is where the shopper goes next; without, the lead is stored and the shopper
 * sees the success page.
 */
export function submitFinanceEnquiry(fetchImpl?: ApiFetch) {
  const toPartner = createKeyedPost(CREATE_CUSTOMER_PATH, fetchImpl);
  const toDealer = createKeyedPost(FINANCE_ENQUIRY_PATH, fetchImpl);
  return async function send(input: EnquiryInput): Promise<EnquiryOutcome> {
    const body = enquiryBody(input);
    const path = input.partner ? CREATE_CUSTOMER_PATH : FINANCE_ENQUIRY_PATH;
    let response: Response;
    try {
      response = await (input.partner ? toPartner : toDealer)(body);
    } catch {
      return { status: 'failed', message: input.partner ? CUSTOMER_UNREACHABLE : LEAD_FAILED };
    }
    const result = await readApiAnswer(path, response, { schema: enquiryAnswerSchema, refusal: enquiryRefusalSchema });
    const leadId = result.ok ? result.data.lead_id : result.refusal?.lead_id;
    // Spec: 'a successful lead with a lead_id stores the car' (the success page reads it).
    if (leadId !== undefined)
      rememberLastLead({
        leadId,
        form: 'finance',
        car: input.car ? { id: input.car.id, slug: input.car.slug, name: input.car.name } : null,
      });
    if (!result.ok) {
      // A success the page cannot read (no lead id): nothing to send the shopper on to.
      if (result.status < 300) return { status: 'failed', message: input.partner ? NO_REDIRECT : UNKNOWN_ERROR };
      if (result.status === 400 && result.field !== undefined) {
        const field = result.field.replace(/^(data|additionalData)\./, '');
        return { status: 'failed', field, message: result.message.replace(/^[\w.]+: /, '') };
      }
      return { status: 'failed', message: result.message || (input.partner ? CUSTOMER_FAILED : LEAD_FAILED) };
    }
    if (input.partner)
      return result.data.redirectUrl
        ? { status: 'redirect', url: result.data.redirectUrl }
        : { status: 'failed', message: NO_REDIRECT };
    return { status: 'stored', successPath: paths.success() };
  };
}
