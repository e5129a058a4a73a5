import { formatNumber } from '@forecourt/shared-config';
import type { FinanceSettings } from '@forecourt/shared-config/tenant';
import { PROVIDER_CALCULATOR_RULES } from '@forecourt/shared-config/calculator';
import type { Fees } from './repayment';

/**
 * The establishment fee the calculator counts (spec: 'Establishment fees: 1300 on one tenant,
 * 1360.5 for one lender; another tenant lists establishment 395'): the site's own where it sets
 * one, else its provider's lender's (Taurus 1,360.5), else none.
 */
export function establishmentFee(settings: Pick<FinanceSettings, 'provider' | 'fees'>): number {
  return settings.fees.establishment ?? PROVIDER_CALCULATOR_RULES[settings.provider]?.establishmentFee ?? 0;
}

/** The fees in the comparison rate: up front the establishment fee and the site's once-off fees, and its monthly fees. */
export function calculatorFees(settings: Pick<FinanceSettings, 'provider' | 'fees'>): Fees {
  const other = settings.fees.other;
  return {
    upFront: establishmentFee(settings) + other.filter((fee) => !fee.monthly).reduce((sum, fee) => sum + fee.amount, 0),
    monthly: other.filter((fee) => fee.monthly).reduce((sum, fee) => sum + fee.amount, 0),
  };
}

/**
 * A fee as the shopper reads it: to the cent where it has cents ($1,360.50, $912.25). The
 * calculator's figures are whole dollars (spec), but a fee is a charge the lender states; showing
 * $1,361 for a $1,360.50 fee would misstate it.
 */
export function formatFee(amount: number): string {
  return `$${formatNumber(amount, Number.isInteger(amount) ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
