import fp from 'fastify-plugin';
import { contentSecurityPolicy, htmlSecurityHeaders } from '../../security';

/** nosniff on every response; the full browser policy on every HTML page. */
export default fp(
  async (fastify) => {
    const htmlHeaders = htmlSecurityHeaders(contentSecurityPolicy());
    fastify.addHook('onSend', async (request, reply, payload) => {
      reply.header('x-content-type-options', 'nosniff');
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('text/html')) reply.headers(htmlHeaders);
      return payload;
    });
  },
  { name: 'security-headers', fastify: '5.x' },
);
