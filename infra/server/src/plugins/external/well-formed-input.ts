import { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import { RequestValidationError } from '@forecourt/shared-config/server/validation';
import { jsonProblem, textProblem, type PathStep } from '@forecourt/runtime/text';

/**
 * How deep a request body may nest. The platform's bodies nest four levels at most (a finance
 * application's `additionalData.lead_attributes.visited_pages`); the search service's bodies are
 * parsed, and limited, by its own parser.
 */
export const MAX_BODY_DEPTH = 32;

/** Fields named as the routes' own schemas name them (`additionalData.tags.0`), so one field has one name. */
const dottedStep: PathStep = (parent, key) => (parent ? `${parent}.${key}` : String(key));

/**
 * Every path parameter, query value and body must be text the platform can store and search: a
 * `%00` or a JSON `\u0000`, or a broken UTF-16 sequence (`\ud800`), in a car id, a tenant slug,
 * a search parameter, a shopper's name or any key of a body, is refused here, once for every
 * route, before any handler hands it to PostgreSQL, the search engine, the card processor or
 * the SMS gateway. Routes validate the shape of what they take; whether it is text at all is
 * decided here, so a new route cannot forget it.
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

    // After the body is parsed (JSON, text/plain JSON or a form) and before the route's own
    // validation and handler, so a refused body has had no effect at all.
    fastify.addHook('preValidation', async (request) => {
      const body: unknown = request.body;
      // A stream is a body its route reads itself (a stock feed, checked as it is read): not JSON to walk.
      if (body === undefined || body === null || Buffer.isBuffer(body) || body instanceof Readable) return;
      const problem = jsonProblem(body, MAX_BODY_DEPTH, dottedStep);
      if (problem) throw new RequestValidationError(problem.path, `${problem.path}: ${problem.problem}`);
    });
  },
  { name: 'well-formed-input', fastify: '5.x' },
);
