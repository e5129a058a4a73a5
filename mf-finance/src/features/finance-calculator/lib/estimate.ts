import { carShowsFinance, type CarFinanceFacts, type PublicTenantConfig } from '@forecourt/shared-config';
import { startingValues, type CalculatorStart } from '@forecourt/shared-config/calculator';
import type { FinanceEstimate } from '@forecourt/shared-config/price';
import { repayment, type LoanInput } from './repayment';

/** The calculator's estimate at its inputs, as it reports it to the page (the sticky header shows it): the weekly repayment and the rate. */
export function calculatorEstimate(loan: LoanInput): FinanceEstimate {
  return { weekly: repayment({ ...loan, frequency: 'week' }), interest: loan.interest };
}

/**
 * Where the calculator starts for a car, and the estimate it shows first; null where the car shows
 * no finance (the calculator is not shown). The estimate is the calculator's own arithmetic on its
 * starting values, which shared-config's `carRepayment` must equal: one figure per car.
 */
export function calculatorStart(
  tenant: Pick<PublicTenantConfig, 'features' | 'finance'>,
  car: CarFinanceFacts,
  now: Date = new Date(),
): { start: CalculatorStart; estimate: FinanceEstimate } | null {
  if (!carShowsFinance(tenant, car, now)) return null;
  const start = startingValues(tenant.finance, car.price);
  return {
    start,
    estimate: calculatorEstimate({ ...start, frequency: 'week', roundUp: tenant.finance.calculator.roundUp }),
  };
}
