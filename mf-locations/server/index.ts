import fp from 'fastify-plugin';
import packageJson from '../package.json';

/**
 * mf-locations's API. The team declares the ports it needs here and infra passes implementations
 * when it mounts the plugin (tests pass their own); this folder never imports infra.
 */
export interface LocationsServerPorts {
  clock: () => Date;
}

export interface LocationsServerOptions {
  ports?: Partial<LocationsServerPorts>;
}

const TEAM = 'mf-locations';

export default fp<LocationsServerOptions>(
  async (fastify) => {
    fastify.get('/api/locations/status', async () => ({ team: TEAM, version: packageJson.version }));
  },
  { name: TEAM, fastify: '5.x' },
);
