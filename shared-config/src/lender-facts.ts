import * as zm from './runtime/api-schema';

/**
 * The lender record's figures the finance rules read (spec: 'Finance lender record'), as the
 * cars the API answers carry them. A module of its own: the rules (finance-eligibility.ts) are
 * also bundled by the calculator's subpath, which must not carry the schema kit.
 */
export const lenderFactsSchema = zm.object({
  interestRate: zm.nullable(zm.number()),
  comparisonRate: zm.nullable(zm.number()),
  paymentWeek: zm.nullable(zm.number()),
  paymentMonth: zm.nullable(zm.number()),
});
export type LenderFacts = zm.output<typeof lenderFactsSchema>;
