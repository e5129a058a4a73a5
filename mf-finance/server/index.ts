import fp from 'fastify-plugin';
import packageJson from '../package.json';

/**
 * mf-finance's API. The team declares the ports it needs here and infra passes implementations
 * when it mounts the plugin (tests pass their own); this folder never imports infra.
 */
export interface FinanceServerPorts {
  clock: () => Date;
}

export interface FinanceServerOptions {
  ports?: Partial<FinanceServerPorts>;
}

const TEAM = 'mf-finance';

export default fp<FinanceServerOptions>(
  async (fastify) => {
    fastify.get('/api/finance/status', async () => ({ team: TEAM, version: packageJson.version }));
  },
  { name: TEAM, fastify: '5.x' },
);
