/**
 * The finance team's contract: the types its pages (src), its server half (server/) and the
 * platform (infra) share. Browser code never imports server/, so what both halves and infra read
 * lives here; the server half and infra import it from here too.
 */
import type { CustomerRequest, QuoteAnswer, QuoteRequest } from './features/finance-enquiry/lib/finance-schema';

/** The finance partner (spec: 'YouX'): a simulator locally, the partner's HTTP API in production (infra's adapters). */
export interface FinancePartner {
  quote(request: QuoteRequest): Promise<QuoteAnswer>;
  /**
   * The partner's customer for this application; `redirectUrl` is where the shopper continues
   * (null when it gave none). `idempotencyKey` is the finance lead's id: an application sent again
   * (Apply pressed after a lost answer) asks with the same key, so the partner makes one customer.
   */
  createCustomer(request: CustomerRequest, options: { idempotencyKey: string }): Promise<{ redirectUrl: string | null }>;
}
