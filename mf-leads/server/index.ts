import fp from 'fastify-plugin';
import packageJson from '../package.json';

/**
 * mf-leads's API. The team declares the ports it needs here and infra passes implementations
 * when it mounts the plugin (tests pass their own); this folder never imports infra.
 */
export interface LeadsServerPorts {
  clock: () => Date;
}

export interface LeadsServerOptions {
  ports?: Partial<LeadsServerPorts>;
}

const TEAM = 'mf-leads';

export default fp<LeadsServerOptions>(
  async (fastify) => {
    fastify.get('/api/leads/status', async () => ({ team: TEAM, version: packageJson.version }));
  },
  { name: TEAM, fastify: '5.x' },
);
