/**
 * The finance team's contract: the types its pages (src), its server half (server/) and the
 * platform (infra) share. Browser code never imports server/, so what both halves and infra read
 * lives here; the server half and infra import it from here too. The schemas of the API's answers
 * are in the api/ modules that read them, which the server half imports to type its answers.
 */
import type { QuoteAnswer } from './features/finance-enquiry/api/quote';
import type { CustomerRequest, QuoteRequest } from './features/finance-enquiry/lib/finance-schema';

/**
 * The finance screens' figures for a car, as pure functions: where the calculator starts and the
 * estimate it shows (and reports to the vehicle page's sticky header) first, and the finance
 * page's quote box for its chosen car (the page's finance answer, then the box's rule), with the
 * chosen car's shape. Here for the platform's test over every seeded car
 * (infra/server/src/repayment-figures.test.ts): only infra reaches the seed, and infra may read a
 * team's contract but never its UI.
 */
export { calculatorStart } from './features/finance-calculator/lib/estimate';
export { quoteBox, type QuoteBox } from './features/finance-eligibility/lib/eligibility';
export { chosenCarShowsFinance } from './features/finance-page/lib/finance-page';
export type { FinancePanelCar } from './features/finance-page/api/finance-cars';

/** The finance partner (spec: 'YouX'): a simulator locally, the partner's HTTP API in production (infra's adapters). */
export interface FinancePartner {
  quote(request: QuoteRequest): Promise<QuoteAnswer>;
  /**
   * The partner's customer for this application; `redirectUrl` is where the shopper continues
   * (null when it gave none). `idempotencyKey` is the finance lead's id: an application sent again
   * (Apply pressed after a lost answer) asks with the same key, so the partner makes one customer.
   */
  createCustomer(
    request: CustomerRequest,
    options: { idempotencyKey: string },
  ): Promise<{ redirectUrl: string | null }>;
}
