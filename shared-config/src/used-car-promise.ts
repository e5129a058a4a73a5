/**
 * The used-car promise a site makes (its `vehicle.usedCarPromise` switch), in one place for every
 * text that states it: the vehicle page's tabs and the used-car promo card. Spec (finance-leads-
 * locations §5, §9): the return promise 'within 14 days, at most 500 km, at least a quarter tank,
 * free of encumbrance, all keys and accessories returned', or for one tenant '48 hour money back
 * guarantee and 12 months roadside assist'.
 */
import { isTowed } from './format';

export type UsedCarPromise = 'return' | 'money-back';

export const RETURN_PROMISE_DAYS = 14;
export const RETURN_PROMISE_MAX_KM = 500;
const RETURN_PROMISE_CONDITIONS = [
  `Returned within ${RETURN_PROMISE_DAYS} days of delivery`,
  `Driven no more than ${RETURN_PROMISE_MAX_KM} km`,
  'At least a quarter tank of fuel',
  'Free of any encumbrance',
  'All keys and accessories returned',
] as const;
/**
 * The return promise's conditions for the item the site sells. A towed item (a caravan) has no
 * odometer and no fuel tank, so its promise cannot be measured in km or a quarter tank: it keeps
 * the days, the encumbrance and the keys.
 */
export function returnPromiseConditions(itemNoun = 'car'): readonly string[] {
  return isTowed(itemNoun)
    ? RETURN_PROMISE_CONDITIONS.filter((condition) => !condition.includes(' km') && !condition.includes('fuel'))
    : RETURN_PROMISE_CONDITIONS;
}

export const MONEY_BACK_PROMISE = '48 hour money back guarantee and 12 months roadside assist';

/**
 * The promise in one sentence, for a promo card, for the item the site sells (a towed one has no km). The spec words the money-back promise; the
 * return promise's sentence is the platform's, from its own conditions.
 */
export function usedCarPromiseSentence(promise: UsedCarPromise, itemNoun = 'car'): string {
  if (promise === 'money-back') return `${MONEY_BACK_PROMISE}.`;
  return isTowed(itemNoun)
    ? `Change your mind within ${RETURN_PROMISE_DAYS} days of delivery, and return it.`
    : `Change your mind within ${RETURN_PROMISE_DAYS} days and ${RETURN_PROMISE_MAX_KM} km, and return it.`;
}
