/**
 * The teams that ship remotes. The folder name is the team's id everywhere (npm workspace,
 * `data-boundary`, registry path); the federation name is the same with an underscore because
 * Module Federation container names must be valid JavaScript identifiers.
 */
export const REMOTE_TEAMS = ['mf-search', 'mf-vehicle', 'mf-finance', 'mf-leads', 'mf-locations'] as const;

export type RemoteTeam = (typeof REMOTE_TEAMS)[number];

export type FederationName = `mf_${string}`;

export function federationName(team: RemoteTeam): FederationName {
  return team.replace('-', '_') as FederationName;
}

export function isRemoteTeam(value: string): value is RemoteTeam {
  return (REMOTE_TEAMS as readonly string[]).includes(value);
}
