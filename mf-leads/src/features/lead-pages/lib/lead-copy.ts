/** Spec: "online estimates are generally not given for cars over 7 years or 100,000 km". */
export const TRADE_IN_ONLINE_MAX_AGE_YEARS = 7;
export const TRADE_IN_ONLINE_MAX_KM = 100_000;

export function tradeInGuidance(): string {
  return `Online estimates are generally not given for cars over ${TRADE_IN_ONLINE_MAX_AGE_YEARS} years old or with more than ${TRADE_IN_ONLINE_MAX_KM.toLocaleString('en-AU')} km.`;
}
