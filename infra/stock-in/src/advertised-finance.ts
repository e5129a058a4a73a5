import { advertisedRepayment } from '@forecourt/shared-config/calculator';
import { MIN_FINANCE_PRICE } from '@forecourt/shared-config/finance-eligibility';
import { askingPrice } from '@forecourt/shared-config/price';
import { exactRepayment, PERIODS_PER_YEAR } from '@forecourt/shared-config/repayment';
import type { TenantConfig } from '@forecourt/shared-config/tenant';
import type { Car, FinanceLender } from '@forecourt/data/stock-model';

/**
 * The finance figures of a car a dealer writes (Stock API, later feeds), which carry no lender
 * record of their own: the site's calculator at its starting values on the car's asking price
 * (shared-config's advertisedRepayment), the figure its cards and page show, as the site's
 * provider's record. Without one the provider rules (finance-eligibility) would hide finance on
 * every such car, and a real dealer's site would show none where it offers it.
 */
export function advertisedFinance(
  tenant: Pick<TenantConfig, 'finance'>,
  car: Pick<Car, 'price' | 'offer_price' | 'before_price' | 'subscription_price' | 'preorder' | 'price_type'>,
): Pick<Car, 'finance_lenders' | 'finance_quote_weekly'> {
  const price = askingPrice(car);
  // The seed's rule too: no lender lends on a price of 500 or less.
  if (price === null || price <= MIN_FINANCE_PRICE) return { finance_lenders: {}, finance_quote_weekly: null };
  const advertised = advertisedRepayment(tenant.finance, price);
  const loan = { amount: price, deposit: 0, residual: 0, term: advertised.term, interest: advertised.interest };
  const month = Math.round(exactRepayment({ ...loan, frequency: 'month' }) * 100) / 100;
  const lender: FinanceLender = {
    financeProvider: tenant.finance.provider,
    disclaimer: `Estimate only, based on a ${advertised.term}-year loan of the full price with no deposit or final payment at ${advertised.interest}% p.a. This calculator is a guide only and not a loan offer; fees and charges apply.`,
    termYears: advertised.term,
    termMonths: Math.round(advertised.term * PERIODS_PER_YEAR.month),
    termWeeks: Math.round(advertised.term * PERIODS_PER_YEAR.week),
    interestRate: advertised.interest,
    // No fees are in the advertised figure, so its comparison rate is its rate.
    comparisonRate: advertised.interest,
    establishmentFees: 0,
    deposit: 0,
    balloon: 0,
    totalPayable: Math.round(month * advertised.term * PERIODS_PER_YEAR.month),
    paymentWeek: advertised.weekly,
    paymentMonth: month,
  };
  lender[`term${advertised.term}`] = advertised.weekly;
  return { finance_lenders: { [tenant.finance.provider]: lender }, finance_quote_weekly: advertised.weekly };
}
