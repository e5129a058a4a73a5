import type { FinanceProvider } from '../tenant/schema';

/** What a finance provider fixes in the calculator, whatever site uses it. */
export interface ProviderCalculatorRules {
  /** The provider's own interest range in percent. */
  interest?: { min: number; max: number };
  /** The lender's fixed establishment fee in dollars. */
  establishmentFee?: number;
}

/**
 * The calculator rules of the providers that have their own (spec: 'Interest: ... 7.5 to 14.5
 * for a lender-specific provider'; 'Establishment fees: ... 1360.5 for one lender'). Taurus is
 * the lender-specific provider: the one whose display rule reads its lender's own record (rates
 * present), and the lender with the fixed 1,360.5 fee the demo stock's Taurus records carry. A
 * site's own `calculator.interestMin` / `interestMax` and `fees.establishment` win over these
 * (spec: '1 minimum or 5.99 to 15.99 on some tenants').
 */
export const PROVIDER_CALCULATOR_RULES: Partial<Record<FinanceProvider, ProviderCalculatorRules>> = {
  Taurus: { interest: { min: 7.5, max: 14.5 }, establishmentFee: 1360.5 },
};
