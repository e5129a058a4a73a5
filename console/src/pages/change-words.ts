/**
 * What each change does to a tenant's shoppers, said in the confirmation before it is made. The
 * rules are the platform's (docs/architecture.md, "Versions, pins and deploys"): a canary picks
 * shoppers by a cookie and keeps them; promote makes the canary the pin and the old pin where a
 * rollback goes; a rollback presumes the version it leaves bad, which forfeits its last-good
 * standing; with a canary running, a rollback only ends the canary.
 */

/** "Harbourside Motors' shoppers", "Summit Auto Group's shoppers". */
export function possessive(name: string): string {
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
}

export interface RemoteTarget {
  tenant: string;
  team: string;
}

export function canaryStartWords({
  tenant,
  team,
  pin,
  version,
  share,
}: RemoteTarget & { pin: string; version: string; share: number }): string {
  return `${share}% of ${possessive(tenant)} shoppers will get ${team} ${version}, chosen per shopper and kept on their return visits. The other ${100 - share}% stay on ${pin}.`;
}

export function canaryShareWords({
  tenant,
  team,
  pin,
  version,
  from,
  to,
}: RemoteTarget & { pin: string; version: string; from: number; to: number }): string {
  const moved =
    to > from
      ? `Shoppers already on ${version} stay on it; ${to - from}% more join them.`
      : `${from - to}% of ${possessive(tenant)} shoppers go back from ${version} to ${pin}.`;
  return `${team} ${version} will go to ${to}% of ${possessive(tenant)} shoppers instead of ${from}%; the others stay on ${pin}. ${moved}`;
}

export function canaryStopWords({
  tenant,
  team,
  pin,
  version,
  share,
}: RemoteTarget & { pin: string; version: string; share: number }): string {
  return `Every ${tenant} shopper will get ${team} ${pin}, including the ${share}% now on ${version}. ${version} is presumed bad and loses any last-good standing it earned here.`;
}

export function promoteWords({
  tenant,
  team,
  pin,
  version,
  share,
}: RemoteTarget & { pin: string; version: string; share: number }): string {
  return `Every ${tenant} shopper will get ${team} ${version} (now ${share}% get it, the others ${pin}). ${pin} becomes the version a rollback goes back to.`;
}

export function rollbackWords({ tenant, team, pin, to }: RemoteTarget & { pin: string; to: string }): string {
  return `Every ${tenant} shopper will get ${team} ${to} instead of ${pin}. ${pin} is presumed bad and loses any last-good standing it earned here.`;
}

/** The canary share an operator typed: a whole number from 1 to 99 (0% is no canary, 100% is a pin), or why not. */
export function parseShare(text: string): { share: number } | { error: string } {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { error: 'Give the share as a whole number from 1 to 99' };
  const share = Number(trimmed);
  if (share < 1 || share > 99)
    return { error: 'The share is from 1 to 99 (0% is no canary, 100% is a pin: promote it)' };
  return { share };
}
