import type { FastifyInstance } from 'fastify';
import financeServer from '../../../../mf-finance/server';
import leadsServer from '../../../../mf-leads/server';
import locationsServer from '../../../../mf-locations/server';
import searchServer from '../../../../mf-search/server';
import vehicleServer from '../../../../mf-vehicle/server';

export interface TeamPorts {
  clock: () => Date;
}

/**
 * Mounts every team's server plugin with the platform's implementations of the ports each one
 * declares. Registered after the platform plugins, without a prefix: each team owns its
 * `/api/<team>/...` paths itself.
 */
export async function registerTeamServers(fastify: FastifyInstance, ports: TeamPorts): Promise<void> {
  await fastify.register(searchServer, { ports });
  await fastify.register(vehicleServer, { ports });
  await fastify.register(financeServer, { ports });
  await fastify.register(leadsServer, { ports });
  await fastify.register(locationsServer, { ports });
}
