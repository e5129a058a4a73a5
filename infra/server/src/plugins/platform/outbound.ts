import fp from 'fastify-plugin';
import { isProduction, type Config } from '@forecourt/config/load';
import { OutboundFetch, type OutboundPolicy } from '@forecourt/runtime/outbound-fetch';

declare module 'fastify' {
  interface FastifyInstance {
    /** Fetches URLs strangers chose (dealers' feeds), never reaching the platform's own network (@forecourt/runtime/outbound-fetch). */
    outbound: OutboundFetch;
  }
}

/**
 * The policy the configuration gives: production fetches public addresses only, development
 * (`npm start`) loopback too, where a dealer's feed is a file served on this machine; the
 * allow-list names hosts an operator trusts whatever they resolve to.
 */
export function outboundPolicy(config: Config): OutboundPolicy {
  return { allowLoopback: !isProduction(config), allowHosts: config.FORECOURT_FETCH_ALLOW_HOSTS };
}

/** Tests give the policy parts of their own: production's rule outside production, a resolver of their own. */
export type OutboundOptions = Partial<OutboundPolicy>;

export default fp<OutboundOptions>(
  async (fastify, options) => {
    const outbound = new OutboundFetch({ ...outboundPolicy(fastify.config), ...options });
    fastify.decorate('outbound', outbound);
    fastify.addHook('onClose', async () => outbound.close());
  },
  { name: 'outbound', fastify: '5.x', dependencies: ['config'] },
);
