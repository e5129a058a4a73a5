import type { LeadForm } from './lead-schema';

/**
 * Analytics ids sent when a lead is sent. The spec numbers them (4, 14, 15, 17, 18, 22 default
 * enquiry, 48, 49, 51 careers enquiry, 60, 61) but names only 22 and 51; the rest are assigned
 * here, one per kind of lead, and listed in the team's README.
 */
export const LEAD_EVENTS = {
  enquiry: 22,
  'test-drive': 4,
  'request-photos': 14,
  'find-similar': 15,
  'quick-enquiry': 17,
  service: 18,
  'trade-in': 48,
  'offer-accepted': 49,
  careers: 51,
  'sell-my-car': 60,
  'contact-page': 61,
} as const satisfies Record<LeadForm | 'trade-in' | 'offer-accepted' | 'sell-my-car' | 'contact-page', number>;

export type LeadEventName = keyof typeof LEAD_EVENTS;
