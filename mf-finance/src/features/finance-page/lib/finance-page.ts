/** The finance routes and their page headings (spec: finance enquiry routes). */
const FINANCE_HEADINGS: Record<string, string> = {
  '/finance': 'Finance',
  '/apply-for-finance': 'Apply for finance',
  '/finance-enquiry': 'Finance enquiry',
  '/personalised/finance': 'Personalised finance',
};

/** Spec: the Get Finance Now page (no car, the site's get-finance call-to-action flag on). */
export const GET_FINANCE_NOW = 'Get Finance Now';

/** The page's heading; the dealer's own finance link (tenant `finance.link`) is the finance enquiry. */
export function financeHeading(pathname: string, dealerLink?: string): string {
  const path = `/${pathname.split('/').filter(Boolean).join('/')}`;
  if (dealerLink && path === dealerLink) return FINANCE_HEADINGS['/finance-enquiry']!;
  return FINANCE_HEADINGS[path] ?? 'Finance';
}

/**
 * The panel beside the form when no car is chosen. The spec names the steps of the finance flow
 * (Quick Estimate, Your Details, Instant pre-approval, Apply to lender); the panel groups them in three.
 */
export const FINANCE_STEPS = [
  { title: 'Quick estimate', text: 'Tell us the price, the loan term and your credit score to see your estimated repayments.' },
  { title: 'Your details', text: 'Confirm your details with a one-time code sent to your mobile.' },
  { title: 'Apply to lender', text: 'We pass your application to our finance partner for instant pre-approval.' },
] as const;
