import type { LeadForm } from '../../lead-forms/lib/lead-schema';

/** One of the shopper's enquiries as `GET /api/leads/mine` answers it. */
export interface MyEnquiry {
  id: string;
  /** What the enquiry was: the form's name, or its subcategory where it says more ('Test Drive Booking Used'). */
  title: string;
  car: { name: string; slug: string } | null;
  /** ISO instant. */
  sent_at: string;
}

export const SIGN_IN_FOR_ENQUIRIES = 'Sign in to see your enquiries.';

/** Not shown by the spec: how the garage names each kind of lead a shopper sent. */
const FORM_TITLES: Record<LeadForm, string> = {
  enquiry: 'Enquiry',
  'quick-enquiry': 'Quick question',
  'find-similar': 'Find me something similar',
  'test-drive': 'Test drive booking',
  'request-photos': 'Photo request',
  service: 'Service booking',
  careers: 'Careers enquiry',
  'trade-in': 'Trade-in valuation',
};

/** The enquiry's title: a test drive's or trade-in's subcategory says more than the form. */
export function enquiryTitle(form: LeadForm, subcategory: string | null): string {
  if (subcategory && (form === 'test-drive' || form === 'trade-in')) return subcategory.replace(/^\d+\.\s*/, '');
  return FORM_TITLES[form] ?? 'Enquiry';
}
