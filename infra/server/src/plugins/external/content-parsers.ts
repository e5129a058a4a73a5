import fp from 'fastify-plugin';

/**
 * `text/plain` bodies are parsed as JSON: navigator.sendBeacon, keepalive fetches and the
 * Algolia client send JSON as text/plain so that browsers skip the CORS preflight.
 */
export default fp(
  async (fastify) => {
    fastify.removeContentTypeParser('text/plain');
    fastify.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        const error = Object.assign(new Error('body is not valid JSON'), {
          statusCode: 400,
          code: 'FST_ERR_CTP_INVALID_JSON_BODY',
        });
        done(error, undefined);
      }
    });
  },
  { name: 'content-parsers', fastify: '5.x' },
);
