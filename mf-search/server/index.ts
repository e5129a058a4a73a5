import fp from 'fastify-plugin';
import packageJson from '../package.json';

/**
 * mf-search's API. The team declares the ports it needs here and infra passes implementations
 * when it mounts the plugin (tests pass their own); this folder never imports infra.
 */
export interface SearchServerPorts {
  clock: () => Date;
}

export interface SearchServerOptions {
  ports?: Partial<SearchServerPorts>;
}

const TEAM = 'mf-search';

export default fp<SearchServerOptions>(
  async (fastify) => {
    fastify.get('/api/search/status', async () => ({ team: TEAM, version: packageJson.version }));
  },
  { name: TEAM, fastify: '5.x' },
);
