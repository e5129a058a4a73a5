import fp from 'fastify-plugin';
import { RequestValidationError } from '../../errors';
import { textProblem } from '../../text';

/**
 * Every path parameter and query value must be text the platform can store and search: a `%00`
 * or a broken UTF-16 sequence in a car id, a tenant slug or a search parameter is refused here,
 * once for every route, before any handler hands it to PostgreSQL or the search engine. Bodies
 * are checked by each route's own schema, since only the route knows their shape.
 */
export default fp(
  async (fastify) => {
    fastify.addHook('onRequest', async (request) => {
      for (const [where, values] of [
        ['params', request.params],
        ['query', request.query],
      ] as const) {
        if (!values || typeof values !== 'object') continue;
        for (const [name, value] of Object.entries(values as Record<string, unknown>)) {
          const nameProblem = textProblem(name);
          if (nameProblem) throw new RequestValidationError(where, `${where}: every name ${nameProblem}`);
          for (const item of Array.isArray(value) ? value : [value]) {
            const problem = typeof item === 'string' ? textProblem(item) : null;
            if (problem) throw new RequestValidationError(`${where}.${name}`, `${where}.${name}: ${problem}`);
          }
        }
      }
    });
  },
  { name: 'well-formed-input', fastify: '5.x' },
);
