import type { FastifyInstance } from 'fastify';
import type { PlatformPorts } from '@forecourt/shared-config/server';
import { setRenderCache } from '@forecourt/shared-config/server/render';
import financeServer from '../../../../mf-finance/server';
import leadsServer from '../../../../mf-leads/server';
import locationsServer from '../../../../mf-locations/server';
import searchServer from '../../../../mf-search/server';
import vehicleServer from '../../../../mf-vehicle/server';
import { financePorts } from './ports/finance';
import { leadsPorts } from './ports/leads';
import { locationsPorts } from './ports/locations';
import { searchPorts } from './ports/search';
import { leadStore, storedLocations } from './ports/shared';
import { vehiclePorts } from './ports/vehicle';
import { firstPaintRenderCache } from '../first-paint';

/**
 * Mounts every team's server plugin (each made by shared-config's `defineTeamServer`) with the
 * platform's implementations of the ports, one adapter per team in ./ports (what two teams'
 * adapters share, in ./ports/shared.ts). Registered after the platform plugins; each team's
 * routes live under its own `/api/<team>/` prefix.
 */
export async function registerTeamServers(fastify: FastifyInstance, ports: PlatformPorts): Promise<void> {
  setRenderCache(firstPaintRenderCache);
  await fastify.register(searchServer, { ports: searchPorts(fastify, ports) });
  await fastify.register(vehicleServer, { ports: vehiclePorts(fastify, ports) });
  const storeLead = leadStore(fastify);
  await fastify.register(financeServer, { ports: financePorts(fastify, ports, storeLead) });
  const locations = storedLocations(fastify);
  await fastify.register(leadsServer, { ports: leadsPorts(fastify, ports, storeLead, locations) });
  await fastify.register(locationsServer, { ports: locationsPorts(fastify, ports, locations) });
}
