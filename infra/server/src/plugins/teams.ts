import type { FastifyInstance } from 'fastify';
import type { PlatformPorts } from '@forecourt/shared-config/server';
import { setRenderCache } from '@forecourt/shared-config/server/render';
import financeServer from '@forecourt/mf-finance/server';
import leadsServer from '@forecourt/mf-leads/server';
import locationsServer from '@forecourt/mf-locations/server';
import searchServer from '@forecourt/mf-search/server';
import vehicleServer from '@forecourt/mf-vehicle/server';
import { financePorts } from '@forecourt/pages/ports/finance';
import { leadsPorts } from '@forecourt/pages/ports/leads';
import { locationsPorts } from '@forecourt/pages/ports/locations';
import { searchPorts } from '@forecourt/pages/ports/search';
import { leadStore, storedLocations } from '@forecourt/pages/ports/shared';
import { vehiclePorts } from '@forecourt/pages/ports/vehicle';
import { firstPaintRenderCache, firstPaintThreads } from '@forecourt/pages/first-paint';
import { FirstPaintPool, queryPageThreads } from '@forecourt/pages/first-paint-pool';

/**
 * Mounts every team's server plugin (each made by shared-config's `defineTeamServer`) with the
 * platform's implementations of the ports, one adapter per team in ./ports (what two teams'
 * adapters share, in ./ports/shared.ts). Registered after the platform plugins; each team's
 * routes live under its own `/api/<team>/` prefix.
 */
export async function registerTeamServers(fastify: FastifyInstance, ports: PlatformPorts): Promise<void> {
  setRenderCache(firstPaintRenderCache);
  const teamPorts = new Map<string, unknown>();
  const search = searchPorts(fastify, ports);
  teamPorts.set(searchServer.definition.team, search);
  await fastify.register(searchServer, { ports: search });
  const vehicle = vehiclePorts(fastify, ports);
  teamPorts.set(vehicleServer.definition.team, vehicle);
  await fastify.register(vehicleServer, { ports: vehicle });
  const storeLead = leadStore(fastify);
  const finance = financePorts(fastify, ports, storeLead);
  teamPorts.set(financeServer.definition.team, finance);
  await fastify.register(financeServer, { ports: finance });
  const locations = storedLocations(fastify);
  const leads = leadsPorts(fastify, ports, storeLead, locations);
  teamPorts.set(leadsServer.definition.team, leads);
  await fastify.register(leadsServer, { ports: leads });
  const site = locationsPorts(fastify, ports, locations);
  teamPorts.set(locationsServer.definition.team, site);
  await fastify.register(locationsServer, { ports: site });
  renderFirstPaintsOnThreads(fastify, teamPorts);
}

/**
 * With FORECOURT_FIRST_PAINT_THREADS above 0, the teams' first paints render on a pool of threads
 * (first-paint-pool.ts), each with the ports its team's plugin was given: the same renderers,
 * off the request thread. With 0 they render on the request thread, as the plugins set them.
 */
function renderFirstPaintsOnThreads(fastify: FastifyInstance, teamPorts: ReadonlyMap<string, unknown>): void {
  const threads = firstPaintThreads(fastify.config);
  const renderers = fastify.firstPaints;
  if (threads === 0 || !renderers) return;
  const pool = new FirstPaintPool({
    threads,
    queryThreads: queryPageThreads(threads),
    maxWaitMs: fastify.config.FORECOURT_FIRST_PAINT_BUDGET_MS,
  });
  // The threads load while the rest of the app starts; it listens once they have.
  fastify.addHook('onReady', async () => pool.ready());
  fastify.addHook('onClose', async () => pool.close());
  for (const [team, renderer] of renderers)
    renderers.set(team, pool.renderer(team, renderer.version, teamPorts.get(team) ?? {}));
}
