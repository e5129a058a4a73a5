import { z } from 'zod';
import { ImportQuery, ImportStatus, Schedule, ScheduleBody, UrlImportBody } from './feeds/import-schema';
import {
  ApiCar,
  BatchRequest,
  BatchResult,
  CarAnswer,
  CarInput,
  CarPage,
  CarPatch,
  ListQuery,
  PhotoStatus,
  Problem,
  ReadCar,
  STOCK_LIMITS,
  StockNumber,
  WriteResult,
} from './car-schema';

/**
 * The Stock API's OpenAPI document, generated from the schemas the routes validate with (zod's
 * own JSON Schema output, which OpenAPI 3.1 takes as it is). Request bodies are described as
 * they are sent (fields with a default may be left out), answers as they come.
 */

export const STOCK_API_PREFIX = '/api/stock/v1';

function components(io: 'input' | 'output', schemas: Record<string, z.ZodType>): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const generated = z.toJSONSchema(registry, {
    io,
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: 'any',
  }) as { schemas: Record<string, Record<string, unknown>> };
  // Each schema names its own dialect; the document's (OpenAPI 3.1: JSON Schema 2020-12) holds for all.
  return Object.fromEntries(
    Object.entries(generated.schemas).map(([id, schema]) => [
      id,
      Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$schema')),
    ]),
  );
}

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (id: string, description: string) => ({
  description,
  content: { 'application/json': { schema: ref(id) } },
});
const problems = {
  400: json('Problem', 'Bad input: `field` names the field'),
  401: json('Problem', 'No key, or a key that is unknown or revoked'),
  429: json('Problem', "Over the key's rate limit: retry after `retry-after` seconds"),
};
const scheduleAnswer = {
  description: 'The schedule',
  content: {
    'application/json': { schema: { type: 'object', properties: { feed: ref('Schedule') }, required: ['feed'] } },
  },
};
const stocknumParameter = { name: 'stocknum', in: 'path', required: true, schema: z.toJSONSchema(StockNumber) };

let document: Record<string, unknown> | undefined;

export function stockOpenApi(): Record<string, unknown> {
  document ??= {
    openapi: '3.1.0',
    info: {
      title: 'Forecourt Stock API',
      version: '1.0.0',
      description:
        "A dealer's cars, written by the dealer's system or an integrator. Each key belongs to one site; the site comes from the key. See docs/stock.md.",
    },
    servers: [{ url: STOCK_API_PREFIX }],
    security: [{ stockKey: [] }],
    components: {
      securitySchemes: {
        stockKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'A stock key, fsk_…: `npm run forecourt -- stock-keys create <tenant>`',
        },
      },
      schemas: {
        ...components('input', { CarInput, CarPatch, BatchRequest }),
        ...components('output', {
          Car: ApiCar,
          CarRead: ReadCar,
          PhotoStatus,
          CarAnswer,
          CarPage,
          WriteResult,
          BatchResult,
          Problem,
          ImportStatus,
          Schedule,
        }),
      },
    },
    paths: {
      '/cars': {
        get: {
          summary: "A page of the site's cars, in stock-number order (withdrawn ones included)",
          parameters: Object.entries(z.toJSONSchema(ListQuery, { io: 'input' }).properties ?? {}).map(
            ([name, schema]) => ({ name, in: 'query', required: false, schema }),
          ),
          responses: { 200: json('CarPage', 'The page'), 400: problems[400], 401: problems[401], 429: problems[429] },
        },
      },
      '/cars/{stocknum}': {
        parameters: [stocknumParameter],
        get: {
          summary: 'One car, with where each of its photos is',
          responses: {
            200: json('CarAnswer', 'The car'),
            401: problems[401],
            404: json('Problem', 'No such car on this site'),
            429: problems[429],
          },
        },
        put: {
          summary: 'The car as the dealer has it now',
          requestBody: { required: true, content: { 'application/json': { schema: ref('CarInput') } } },
          responses: {
            200: json('WriteResult', 'Updated, or `unchanged: true` when nothing differed'),
            201: json('WriteResult', 'Created'),
            ...problems,
          },
        },
        patch: {
          summary: 'Some fields changed (price, status, …); the rest kept',
          requestBody: { required: true, content: { 'application/json': { schema: ref('CarPatch') } } },
          responses: {
            200: json('WriteResult', 'Updated, or `unchanged: true`'),
            404: json('Problem', 'No such car on this site'),
            ...problems,
          },
        },
        delete: {
          summary:
            'Withdrawn: gone from search and listings, its page the sold page; kept, as leads and reservations point at it',
          responses: {
            200: json('WriteResult', 'Withdrawn, or `unchanged: true` when it was'),
            404: json('Problem', 'No such car on this site'),
            401: problems[401],
            429: problems[429],
          },
        },
      },
      '/batch': {
        post: {
          summary: `Up to ${STOCK_LIMITS.batchOperations} PUT, PATCH and DELETE operations, each answered on its own as its route would answer it`,
          requestBody: { required: true, content: { 'application/json': { schema: ref('BatchRequest') } } },
          responses: { 200: json('BatchResult', 'One result per operation, in order'), ...problems },
        },
      },
      '/imports': {
        post: {
          summary: "A feed (Meta's vehicle catalog format): the whole stock of its source, imported in the background",
          parameters: Object.entries(z.toJSONSchema(ImportQuery, { io: 'input' }).properties ?? {}).map(
            ([name, schema]) => ({ name, in: 'query', required: false, schema }),
          ),
          requestBody: {
            required: true,
            content: {
              'text/csv': { schema: { type: 'string' } },
              'text/tab-separated-values': { schema: { type: 'string' } },
              'application/xml': { schema: { type: 'string' } },
              'application/json': {
                schema: {
                  ...z.toJSONSchema(UrlImportBody, { io: 'input' }),
                  description: 'The feed fetched from a URL by the platform, after the answer',
                },
              },
            },
          },
          responses: {
            202: {
              description: 'Queued',
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
                },
              },
            },
            413: json('Problem', 'Larger than the feed limit: nothing kept'),
            415: json('Problem', 'Not CSV, TSV or XML'),
            ...problems,
          },
        },
      },
      '/imports/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          summary: "An import's status, counts and rejected rows",
          responses: {
            200: json('ImportStatus', 'The import'),
            401: problems[401],
            404: json('Problem', 'No such import on this site'),
            429: problems[429],
          },
        },
      },
      '/feeds': {
        get: {
          summary: "The site's scheduled feeds",
          responses: {
            200: {
              description: 'The schedules',
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { feeds: { type: 'array', items: ref('Schedule') } } },
                },
              },
            },
            401: problems[401],
            429: problems[429],
          },
        },
      },
      '/feeds/{source}': {
        parameters: [{ name: 'source', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          summary: 'A scheduled feed and its last pull',
          responses: {
            200: scheduleAnswer,
            401: problems[401],
            404: json('Problem', 'No schedule of that source'),
            429: problems[429],
          },
        },
        put: {
          summary: 'The feed of this source pulled from a URL every interval_minutes (due at once)',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: z.toJSONSchema(ScheduleBody, { io: 'input' }) } },
          },
          responses: {
            200: scheduleAnswer,
            201: scheduleAnswer,
            ...problems,
            409: json('Problem', 'A new schedule past the most a site may have (FORECOURT_FEEDS_PER_SITE, default 10)'),
          },
        },
        delete: {
          summary: 'No more pulls of this source (its cars stay as they are)',
          responses: {
            200: scheduleAnswer,
            401: problems[401],
            404: json('Problem', 'No schedule of that source'),
            429: problems[429],
          },
        },
      },
    },
  };
  return document;
}
