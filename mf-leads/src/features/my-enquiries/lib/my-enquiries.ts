import type { LeadForm } from '../../lead-forms/lib/lead-schema';

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
