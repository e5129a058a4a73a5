/**
 * Spec (finance-leads-locations §4): 'a future date reads "Expires on {date}"; a past date reads
 * "Unregistered" for some dealers, otherwise hidden'. The date is written the Australian way,
 * e.g. '12 March 2027'. Expiring today still counts as registered today.
 */
export function regoExpiryText(expiry: string | null, today: Date, showUnregistered: boolean): string | null {
  if (!expiry || !/^\d{4}-\d{2}-\d{2}/.test(expiry)) return null;
  const date = new Date(`${expiry.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (date.getTime() >= todayUtc)
    return `Expires on ${date.toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`;
  return showUnregistered ? 'Unregistered' : null;
}
