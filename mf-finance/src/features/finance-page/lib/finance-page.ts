/** The finance routes and their page headings (spec: finance enquiry routes). */
const FINANCE_HEADINGS: Record<string, string> = {
  '/finance': 'Finance',
  '/apply-for-finance': 'Apply for finance',
  '/finance-enquiry': 'Finance enquiry',
  '/personalised/finance': 'Personalised finance',
};

export function financeHeading(pathname: string): string {
  const path = `/${pathname.split('/').filter(Boolean).join('/')}`;
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

/** The chosen car from `?car_id=`, or null when none (blank counts as none). */
export function readCarId(query: URLSearchParams): string | null {
  const id = query.get('car_id')?.trim();
  return id ? id : null;
}

/**
 * The vehicle price a link carried (`vehiclePriceBudget`, else `price`), or null when absent or
 * not a positive number.
 */
export function readVehiclePrice(query: URLSearchParams): number | null {
  const raw = query.get('vehiclePriceBudget') ?? query.get('price');
  if (raw === null || raw.trim() === '') return null;
  const price = Number(raw);
  return Number.isFinite(price) && price > 0 ? price : null;
}
