/**
 * The used-car promise a site makes (its `vehicle.usedCarPromise` switch), in one place for every
 * text that states it: the vehicle page's tabs and the used-car promo card. Spec (finance-leads-
 * locations §5, §9): the return promise 'within 14 days, at most 500 km, at least a quarter tank,
 * free of encumbrance, all keys and accessories returned', or for one tenant '48 hour money back
 * guarantee and 12 months roadside assist'.
 */
export type UsedCarPromise = 'return' | 'money-back';

export const RETURN_PROMISE_DAYS = 14;
export const RETURN_PROMISE_MAX_KM = 500;
export const RETURN_PROMISE_CONDITIONS = [
  `Returned within ${RETURN_PROMISE_DAYS} days of delivery`,
  `Driven no more than ${RETURN_PROMISE_MAX_KM} km`,
  'At least a quarter tank of fuel',
  'Free of any encumbrance',
  'All keys and accessories returned',
] as const;
export const MONEY_BACK_PROMISE = '48 hour money back guarantee and 12 months roadside assist';

/**
 * The promise in one sentence, for a promo card. The spec words the money-back promise; the
 * return promise's sentence is the platform's, from its own conditions.
 */
export function usedCarPromiseSentence(promise: UsedCarPromise): string {
  return promise === 'money-back' ? `${MONEY_BACK_PROMISE}.` : `Change your mind within ${RETURN_PROMISE_DAYS} days and ${RETURN_PROMISE_MAX_KM} km, and return it.`;
}
