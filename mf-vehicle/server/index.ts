import fp from 'fastify-plugin';
import packageJson from '../package.json';

/**
 * mf-vehicle's API. The team declares the ports it needs here and infra passes implementations
 * when it mounts the plugin (tests pass their own); this folder never imports infra.
 */
export interface VehicleServerPorts {
  clock: () => Date;
}

export interface VehicleServerOptions {
  ports?: Partial<VehicleServerPorts>;
}

const TEAM = 'mf-vehicle';

export default fp<VehicleServerOptions>(
  async (fastify) => {
    fastify.get('/api/vehicle/status', async () => ({ team: TEAM, version: packageJson.version }));
  },
  { name: TEAM, fastify: '5.x' },
);
