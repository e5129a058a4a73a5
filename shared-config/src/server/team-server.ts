/**
 * One factory for the teams' server plugins. Each remote's `server/index.ts` passes only what is
 * its own — its team id, version and routes — and gets a Fastify plugin that infra mounts with
 * the platform's implementations of the ports (clock, later the partner adapters). Every team
 * answers under `/api/<team without mf->/`, starting with `status`, so a platform engineer can see
 * which build of a team's server is running.
 */
import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { RemoteTeam } from '../teams';

/** What the platform passes every team server. Teams add their own ports on top of these. */
export interface PlatformPorts {
  clock: () => Date;
}

export interface TeamServerOptions<Ports extends PlatformPorts> {
  /** Implementations from the platform; any not given fall back to the team's defaults. */
  ports?: Partial<Ports>;
}

export interface TeamServerDefinition<Ports extends PlatformPorts> {
  team: RemoteTeam;
  /** The team's package version, reported by `/api/<team>/status`. */
  version: string;
  /** Ports used when the platform passes none (a team's own tests, a local run). */
  defaultPorts?: Omit<Ports, keyof PlatformPorts> & Partial<PlatformPorts>;
  /** The team's routes, registered under `/api/<team>/`. */
  routes?: (fastify: FastifyInstance, ports: Ports) => Promise<void> | void;
}

/** `/api/search` for mf-search. */
export function teamApiPrefix(team: RemoteTeam): string {
  return `/api/${team.replace(/^mf-/, '')}`;
}

export function defineTeamServer<Ports extends PlatformPorts = PlatformPorts>(definition: TeamServerDefinition<Ports>): FastifyPluginCallback<TeamServerOptions<Ports>> {
  const { team, version } = definition;
  return fp<TeamServerOptions<Ports>>(
    async (fastify, options) => {
      const ports = { clock: () => new Date(), ...definition.defaultPorts, ...options.ports } as Ports;
      await fastify.register(
        async (scope) => {
          scope.get('/status', async () => ({ team, version }));
          await definition.routes?.(scope, ports);
        },
        { prefix: teamApiPrefix(team) },
      );
    },
    { name: team, fastify: '5.x' },
  );
}
