import { carShowsFinance, type PublicTenantConfig } from '@forecourt/shared-config';
import type { FinancePanelCar } from '../api/finance-cars';

/** The finance routes and their page headings (spec: finance enquiry routes). */
const FINANCE_HEADINGS: Record<string, string> = {
  '/finance': 'Finance',
  '/apply-for-finance': 'Apply for finance',
  '/finance-enquiry': 'Finance enquiry',
  '/personalised/finance': 'Personalised finance',
  // Spec: 'equifax finance' (a gated route); the page's own words are not given.
  '/equifax-finance': 'Equifax finance',
};

/**
 * What the Equifax finance page tells the shopper before the form. Not in the spec, which names
 * the page only: a dealer's Equifax finance page is the finance enquiry with a credit check, so
 * the dealer's finance team can pre-approve on the shopper's credit file instead of a score the
 * shopper picked. The consent is asked in the form and sent with the finance lead.
 */
export const EQUIFAX_FINANCE_INTRO =
  'Apply with a credit check: with your consent we obtain your credit report from Equifax, so your pre-approval rests on your credit history, not only on the score you choose.';

/** Spec: the Get Finance Now page (no car, the site's get-finance call-to-action flag on). */
export const GET_FINANCE_NOW = 'Get Finance Now';

/** Whether the page is Get Finance Now, which shows the featured used cars (the page and its server first paint ask alike). */
export function isGetFinanceNow(carId: string | null, finance: { getFinanceCta: boolean }): boolean {
  return !carId && finance.getFinanceCta;
}

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
  {
    title: 'Quick estimate',
    text: 'Tell us the price, the loan term and your credit score to see your estimated repayments.',
  },
  { title: 'Your details', text: 'Confirm your details with a one-time code sent to your mobile.' },
  { title: 'Apply to lender', text: 'We pass your application to our finance partner for instant pre-approval.' },
] as const;

/** Whether the site shows finance for the page's chosen car (none chosen: the page is about finance itself). */
export function chosenCarShowsFinance(
  tenant: Pick<PublicTenantConfig, 'features' | 'finance'>,
  car: FinancePanelCar | null,
  now: Date = new Date(),
): boolean {
  return car === null || carShowsFinance(tenant, car, now);
}
