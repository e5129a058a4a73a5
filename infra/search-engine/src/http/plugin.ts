/**
 * `searchService`: the subset of Algolia's REST API the platform uses, over an `IndexStore`,
 * so `algoliasearch` and react-instantsearch work against it unchanged. Registered through
 * fastify-plugin (named `forecourt-search`), the routes, the JSON-for-text/plain body parser,
 * CORS and the `{ message, status }` error mapping live in an inner, encapsulated context so
 * they do not leak into the host server.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { appendVary } from '@forecourt/runtime/client-address';
import { jsonProblem } from '@forecourt/runtime/text';
import { badRequest, SearchError } from '../engine/errors';
import { checkObjectID, type IndexStore, type SearchIndex } from '../engine/search-index';
import type { IndexSettings } from '../engine/settings';
import { mayReadIndex, type KeyStore, type Principal } from './keys';
import type { SearchObserver } from './observer';
import { tokenize } from '../engine/tokenize';
import {
  answerSearch,
  answersWithin,
  SearchPool,
  SHOPPER_QUERY_LIMITS,
  taskParams,
  timeBudget,
  type Answer,
  type SearchTask,
} from './search-pool';
import { scoped } from '@forecourt/shared-config/server';

export interface SearchServiceOptions {
  store: IndexStore;
  keys: KeyStore;
  /** Largest accepted body (batch imports). Default 50 MB. */
  bodyLimit?: number;
  /**
   * Serialised answers kept for identical searches (same index, parameters and key restrictions),
   * at most this many bytes; 0 turns the cache off. Default 64 MiB.
   */
  cacheBytes?: number;
  /** Called after a write or admin request succeeded (the embedded site saves a snapshot). */
  onWrite?: () => void;
  /** Told of every answered search request and every records write (the operator console's numbers). */
  observer?: SearchObserver;
  /**
   * Worker threads answering searches off the request thread (`search-pool.ts`), each holding a
   * copy of the store, once the indices hold `workersFrom` records (default 20,000). Default 0:
   * searches run on the request thread.
   */
  workers?: number;
  workersFrom?: number;
  /** The time budgets of `SEARCH_LIMITS` (`searchMs`, `threadMs`); tests set 0 to see a search stopped. */
  searchMs?: number;
  threadMs?: number;
  /** Called each time the workers finished loading the store (benchmarks wait for it). */
  onWorkersLoaded?: () => void;
  /**
   * The snapshot file's bytes `store` was restored from (in a SharedArrayBuffer): the workers
   * start at once, while the rest of the server starts, and load these bytes as they are.
   */
  restoredFrom?: Buffer;
  /**
   * Route config for the routes a site's key may call (searches and object reads): where the
   * service runs inside a web server, that server's per-address limit (`config.rateLimit`).
   */
  publicRouteConfig?: Record<string, unknown>;
}

/**
 * Answers larger than this are not cached: a shopper's page is ~20 KB, and one huge answer
 * would push out hundreds of ordinary ones.
 */
const LARGEST_CACHED_ANSWER = 512 * 1024;

/**
 * Limits that keep one request from costing the server more than a shopper's page ever asks for.
 * Algolia's own: at most 50 queries in a multi-query (answered 'Too many queries in multi query
 * request'), a query of at most 512 bytes and `hitsPerPage` ≤ 1000 (both checked in
 * `normalizeParams`, with our own cap of 16 words a query, see `QUERY_LIMITS`). Ours on top: a search answer
 * is at most 8 MiB (a results page is ~20 KB; 50 x 1000 full records would be ~40 MB), and a body
 * nests at most 32 levels (the deepest real request — a batch of records with nested objects —
 * needs under 10).
 *
 * Time: the searches of one request may take `searchMs`, in a worker or on the request thread;
 * past it they stop and the request is answered 429 (see `pastBudget`). A shopper's page takes
 * under 5 ms on the demo site and a few tens of ms at 100,000 cars; 200 ms is far past that, and
 * short enough that the costly requests let in at once (two per worker) are answered well within a
 * second. A costly request (see `LIGHT_SEARCH`) gets only `threadMs` when it must run on the
 * request thread (the workers are reloading after a write, on a large store): health and every
 * other request wait behind it. At most `costlyPerWorker` costly requests per worker that takes
 * them (all workers but one, `SearchPool.costlyThreads`) run or wait at once; more are answered
 * 429 at once. The worker kept out of costly work answers shoppers' light searches, which so never
 * queue behind a costly one.
 */
export const SEARCH_LIMITS = {
  queriesPerRequest: 50,
  responseBytes: 8 * 1024 * 1024,
  bodyDepth: 32,
  searchMs: 200,
  threadMs: 50,
  costlyPerWorker: 2,
} as const;

/**
 * A light request stays on the request thread while the indices hold fewer than `workersFrom`
 * records: a shopper's page sends a search and one per refined facet (under 8 queries) of a few
 * words, answered in well under a millisecond there, less than the trip to a thread. Anything
 * larger goes to a worker thread, whatever the size of the indices.
 */
const LIGHT_SEARCH = { queries: 8, words: 5, hitsPerPage: 100, maxValuesPerFacet: 100 } as const;

/**
 * A query that asks more than a shopper's page does: every facet (`facets: ['*']`), more hits or
 * more values a facet than a results page shows. Costly whatever its words: eight of them at
 * once, on the request thread, held health for two seconds in the public-load drill.
 */
/** The hits one query asks for: its page (or `length`), else its index's default page. */
function hitsAsked(task: SearchTask, store: IndexStore): number {
  const params = taskParams(task);
  return params.length ?? params.hitsPerPage ?? store.require(task.indexName).compiled.hitsPerPage;
}

function asksMuch(task: SearchTask): boolean {
  const params = taskParams(task);
  return (
    (params.facets ?? []).includes('*') ||
    (params.hitsPerPage ?? 0) > LIGHT_SEARCH.hitsPerPage ||
    (params.maxValuesPerFacet ?? 0) > LIGHT_SEARCH.maxValuesPerFacet
  );
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers only the admin key (checked in onRequest, before the body is read). */
    adminOnly?: boolean;
  }
}

const ALLOWED_HEADERS =
  'x-algolia-api-key, x-algolia-application-id, content-type, x-algolia-agent, x-algolia-usertoken';
const principals = new WeakMap<FastifyRequest, Principal>();

function header(request: FastifyRequest, name: string): string | undefined {
  const fromHeader = request.headers[name];
  if (typeof fromHeader === 'string' && fromHeader !== '') return fromHeader;
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.[name];
  return typeof fromQuery === 'string' ? fromQuery : undefined;
}

function principalOf(request: FastifyRequest): Principal {
  const principal = principals.get(request);
  if (!principal) throw new SearchError(403, 'Invalid Application-ID or API key');
  return principal;
}

function requireIndexAccess(request: FastifyRequest, indexName: string): Principal {
  const principal = principalOf(request);
  if (!mayReadIndex(principal, indexName)) throw new SearchError(403, 'Index not allowed with this API key');
  return principal;
}

function objectBody(body: unknown, what: string): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest(`${what}: expected a JSON object`);
  return body as Record<string, unknown>;
}

const now = (): string => new Date().toISOString();

/** The records a batch saved, whole or in part. */
const savedRecords = (steps: readonly BatchStep[]): Array<Record<string, unknown>> =>
  steps
    .filter((step) => step.action !== 'clear' && step.action !== 'delete' && step.action !== 'deleteObject')
    .map((step) => step.body);

type BatchAction =
  | 'addObject'
  | 'updateObject'
  | 'partialUpdateObject'
  | 'partialUpdateObjectNoCreate'
  | 'deleteObject'
  | 'delete'
  | 'clear';
const ACTIONS = new Set<string>([
  'addObject',
  'updateObject',
  'partialUpdateObject',
  'partialUpdateObjectNoCreate',
  'deleteObject',
  'delete',
  'clear',
]);

interface BatchStep {
  index: SearchIndex;
  action: BatchAction;
  body: Record<string, unknown>;
  objectID?: string;
}

async function routes(fastify: FastifyInstance, options: SearchServiceOptions): Promise<void> {
  const { store, keys } = options;

  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(new SearchError(400, 'Invalid JSON body'), undefined);
    }
    const problem = jsonProblem(parsed, SEARCH_LIMITS.bodyDepth);
    if (problem) return done(badRequest(`${problem.path}: ${problem.problem}`), undefined);
    done(null, parsed);
  });

  fastify.setErrorHandler((error: unknown, _request, reply) => {
    if (error instanceof SearchError) {
      // A shed search says when to try again; the web server holds such a refusal that long
      // (held-refusals.ts), so a client asking in a loop is slowed instead of answered at once.
      if (error.status === 429) reply.header('retry-after', '1');
      return reply.code(error.status).send({ message: error.message, status: error.status });
    }
    const e = error as { statusCode?: number; message?: string; validation?: unknown };
    if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
      return reply.code(e.statusCode).send({ message: e.message ?? 'Bad request', status: e.statusCode });
    }
    fastify.log.error(error);
    return reply.code(500).send({ message: 'Internal error', status: 500 });
  });

  fastify.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    reply.header('access-control-allow-origin', typeof origin === 'string' && origin !== '' ? origin : '*');
    appendVary(reply, 'Origin');
    if (request.method === 'OPTIONS') return;
    const principal = keys.authenticate(
      header(request, 'x-algolia-application-id'),
      header(request, 'x-algolia-api-key'),
    );
    // Write and admin routes refuse a search key here, before their (up to 50 MB) body is read.
    if (request.routeOptions.config.adminOnly && principal.kind !== 'admin') {
      throw new SearchError(403, 'Method not allowed with this API key');
    }
    principals.set(request, principal);
  });

  if (options.onWrite) {
    const onWrite = options.onWrite;
    fastify.addHook('onResponse', async (request, reply) => {
      if (request.routeOptions.config.adminOnly && request.method !== 'GET' && reply.statusCode < 400) onWrite();
    });
  }

  fastify.options('/1/*', async (_request, reply) => {
    reply
      .header('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS')
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', '86400')
      .code(200)
      .send();
  });

  /**
   * Identical searches are frequent (every shopper landing on a site's stock page sends the same
   * multi-query), so serialised answers are kept in an LRU keyed by the index's stamp, the key's
   * restrictions and the request's parameters. The stamp changes with every write, settings or
   * synonyms change of the index (or of the records a replica shares), so a write is seen by the
   * very next search and stale entries simply age out. Answers carrying a fresh `queryID`
   * (`clickAnalytics`) are not cached.
   */
  const cacheBytes = options.cacheBytes ?? 64 * 1024 * 1024;
  const cache =
    cacheBytes > 0
      ? new LRUCache<string, { json: string; nbHits: number | null }>({
          maxSize: cacheBytes,
          sizeCalculation: (value, key) => (value.json.length + key.length) * 2,
        })
      : null;
  // Worker threads pay off on large indices only (a small one answers a light search in well
  // under a millisecond, less than the trip to a thread): the pool starts once the records reach
  // workersFrom, or for the first costly request (which must not run on the request thread).
  let pool: SearchPool | null = null;
  const workersFrom = options.workersFrom ?? 20_000;
  const records = (): number => {
    let count = 0;
    for (const name of store.names()) {
      const index = store.require(name);
      if (!index.isReplica) count += index.store.size;
    }
    return count;
  };
  const poolFor = (costly: boolean): SearchPool | null => {
    if (pool || !options.workers || options.workers <= 0) return pool;
    if (!costly && records() < workersFrom) return null;
    pool = new SearchPool(
      store,
      options.workers,
      500,
      options.onWorkersLoaded,
      options.restoredFrom ? { stamp: store.stamp(), bytes: options.restoredFrom } : null,
    );
    return pool;
  };
  fastify.addHook('onClose', async () => pool?.close());
  // A store restored from a snapshot is as large as it will be: load the workers now, so they
  // hold it by the time the first shopper searches (else the first searches start them).
  if (options.restoredFrom)
    void poolFor(false)
      ?.reload()
      .catch(() => undefined);
  let costlyInFlight = 0;
  const searchMs = options.searchMs ?? SEARCH_LIMITS.searchMs;
  const threadMs = options.threadMs ?? SEARCH_LIMITS.threadMs;

  /**
   * Where a request's searches run. In a worker when the pool holds the store as it is now and the
   * request is costly or the indices are large. A costly request finding the workers behind
   * waits for the load under way (the snapshot's, right after a start), or for a reload when the
   * store is small (encoding it takes milliseconds); on a large store just written it runs on the
   * request thread, stopped at `threadMs`.
   */
  const runSearches = async (tasks: SearchTask[], costly: boolean, budget: number): Promise<Answer[]> => {
    const workers = poolFor(costly);
    if (workers && costly && !workers.current && (workers.loading || records() < workersFrom))
      await workers.reload().catch(() => undefined);
    if (workers?.current && (costly || records() >= workersFrom)) {
      if (!costly) return workers.run(tasks, budget, searchMs);
      if (costlyInFlight >= SEARCH_LIMITS.costlyPerWorker * workers.costlyThreads) {
        throw new SearchError(
          429,
          'Too many costly searches at once: retry shortly, with fewer queries or fewer words',
        );
      }
      costlyInFlight++;
      try {
        return await workers.run(tasks, budget, searchMs, true);
      } finally {
        costlyInFlight--;
      }
    }
    // Structures a write left to rebuild are built first, outside the budget: that is the
    // write's cost, paid once whichever search comes first.
    for (const task of tasks) store.get(task.indexName)?.warm();
    const time = timeBudget(costly && (options.workers ?? 0) > 0 ? threadMs : searchMs);
    try {
      return answersWithin(tasks.length, budget, (j) => answerSearch(store, tasks[j] as SearchTask, time));
    } finally {
      workers?.stale();
    }
  };

  /** The searches of one request, checked against the key; answers in order, serialised. */
  const search = async (
    request: FastifyRequest,
    queries: Array<{ indexName: unknown; input: Record<string, unknown> }>,
  ): Promise<string[]> => {
    const started = performance.now();
    let words = 0;
    const texts: string[] = [];
    const tasks: SearchTask[] = queries.map(({ indexName, input }) => {
      if (typeof indexName !== 'string' || indexName === '') throw badRequest('indexName: expected a non-empty string');
      const principal = requireIndexAccess(request, indexName);
      const restrictions =
        principal.kind === 'search' && principal.restrictions
          ? { filters: principal.restrictions.filters, params: principal.restrictions.params }
          : null;
      const task = { indexName, input, restrictions, shopper: principal.kind === 'search' };
      // The parameters are checked here, before any search runs anywhere: a request over a limit
      // (a 513-byte query, 17 words) is refused whole, at the cost of reading it.
      const text = taskParams(task).query;
      texts.push(text);
      words = Math.max(words, tokenize(text).length);
      return task;
    });
    const budget = tasks.some((task) => task.shopper)
      ? SHOPPER_QUERY_LIMITS.responseBytes
      : SEARCH_LIMITS.responseBytes;
    const hits = tasks.reduce((sum, task) => (task.shopper ? sum + hitsAsked(task, store) : sum), 0);
    if (hits > SHOPPER_QUERY_LIMITS.hitsPerRequest) {
      throw badRequest(
        `hitsPerPage: a site's search key may ask at most ${SHOPPER_QUERY_LIMITS.hitsPerRequest} hits across one request's queries; this request asks ${hits}`,
      );
    }
    // Only what shapes the answer (a search key's limits do): a key's expiry or index list does not
    // (they were checked above).
    const keys = cache
      ? tasks.map(
          (t) =>
            `${store.require(t.indexName).stamp()}\u0000${t.shopper ? 'shopper' : 'admin'}\u0000${t.restrictions ? JSON.stringify(t.restrictions) : ''}\u0000${JSON.stringify(t.input)}`,
        )
      : [];
    const answers: Array<Answer | undefined> = tasks.map((_t, i) => {
      const cached = cache?.get(keys[i] as string);
      return cached === undefined ? undefined : { ...cached, cacheable: true };
    });
    const misses = answers.flatMap((a, i) => (a === undefined ? [i] : []));
    if (misses.length > 0) {
      const costly =
        misses.length > LIGHT_SEARCH.queries ||
        words > LIGHT_SEARCH.words ||
        misses.some((i) => asksMuch(tasks[i] as SearchTask));
      const computed = await runSearches(
        misses.map((i) => tasks[i] as SearchTask),
        costly,
        budget,
      );
      misses.forEach((i, j) => {
        const answer = computed[j] as Answer;
        answers[i] = answer;
        if (cache && answer.cacheable && answer.json.length <= LARGEST_CACHED_ANSWER)
          cache.set(keys[i] as string, { json: answer.json, nbHits: answer.nbHits });
      });
    }
    const parts = answersWithin(answers.length, budget, (i) => answers[i] as Answer).map((a) => a.json);
    if (options.observer) {
      const principal = principalOf(request);
      options.observer.searched({
        keyFilters: principal.kind === 'search' ? (principal.restrictions?.filters ?? null) : null,
        ms: performance.now() - started,
        queries: tasks.map((task, i) => ({
          indexName: task.indexName,
          query: texts[i] ?? '',
          nbHits: (answers[i] as Answer).nbHits,
        })),
      });
    }
    return parts;
  };

  /** The records a write saved, for the observer (deletes and clears name no record). */
  const wrote = (records: ReadonlyArray<Record<string, unknown>>) => {
    if (options.observer && records.length > 0) options.observer.wrote(records);
  };

  const publicRoute = { config: { ...options.publicRouteConfig } };

  fastify.post<{ Params: { index: string } }>('/1/indexes/:index/queries', publicRoute, async (request, reply) => {
    if (request.params.index !== '*') throw new SearchError(404, 'Not found');
    const body = objectBody(request.body, 'body');
    const requests = body.requests;
    if (!Array.isArray(requests)) throw badRequest('requests: expected an array');
    if (requests.length > SEARCH_LIMITS.queriesPerRequest) throw badRequest('Too many queries in multi query request');
    if (body.strategy !== undefined && body.strategy !== 'none' && body.strategy !== 'stopIfEnoughMatches')
      throw badRequest("strategy: expected 'none' or 'stopIfEnoughMatches'");
    const parts = await search(
      request,
      requests.map((raw: unknown, i) => {
        const { indexName, type, facet: _facet, ...input } = objectBody(raw, `requests[${i}]`);
        if (type !== undefined && type !== 'default')
          throw badRequest(`requests[${i}].type: only 'default' searches are supported`);
        return { indexName, input };
      }),
    );
    return reply.type('application/json; charset=utf-8').send(`{"results":[${parts.join(',')}]}`);
  });

  fastify.post<{ Params: { index: string } }>('/1/indexes/:index/query', publicRoute, async (request, reply) => {
    const [part] = await search(request, [
      { indexName: request.params.index, input: objectBody(request.body, 'body') },
    ]);
    return reply.type('application/json; charset=utf-8').send(part);
  });

  /** Routes only the admin key may call; the key is checked in onRequest, before the body. */
  const adminOnly = { config: { adminOnly: true } } as const;
  const batchLimit = { ...adminOnly, bodyLimit: options.bodyLimit ?? 50 * 1024 * 1024 };

  fastify.get<{ Params: { index: string } }>('/1/indexes/:index/settings', adminOnly, async (request) => {
    return store.require(request.params.index).describeSettings();
  });

  fastify.put<{ Params: { index: string }; Querystring: { forwardToReplicas?: string } }>(
    '/1/indexes/:index/settings',
    adminOnly,
    async (request) => {
      store.setSettings(
        request.params.index,
        objectBody(request.body, 'settings') as IndexSettings,
        request.query.forwardToReplicas === 'true',
      );
      return { taskID: store.nextTaskID(), updatedAt: now() };
    },
  );

  /**
   * The synonyms API (admin key only, as the `editSettings`/`settings` ACLs are). Every write
   * takes `forwardToReplicas`; the batch also `replaceExistingSynonyms`.
   */
  type SynonymQuery = { forwardToReplicas?: string; replaceExistingSynonyms?: string };
  const flag = (value: string | undefined): boolean => value === 'true';
  const updated = () => ({ taskID: store.nextTaskID(), updatedAt: now() });

  fastify.post<{ Params: { index: string }; Querystring: SynonymQuery }>(
    '/1/indexes/:index/synonyms/batch',
    batchLimit,
    async (request) => {
      const body = request.body;
      if (!Array.isArray(body)) throw badRequest('synonyms: expected an array of synonym objects');
      store.saveSynonyms(request.params.index, body, {
        forwardToReplicas: flag(request.query.forwardToReplicas),
        replace: flag(request.query.replaceExistingSynonyms),
      });
      return updated();
    },
  );

  fastify.post<{ Params: { index: string }; Querystring: SynonymQuery }>(
    '/1/indexes/:index/synonyms/clear',
    adminOnly,
    async (request) => {
      store.clearSynonyms(request.params.index, flag(request.query.forwardToReplicas));
      return updated();
    },
  );

  fastify.post<{ Params: { index: string } }>('/1/indexes/:index/synonyms/search', adminOnly, async (request) => {
    return store.require(request.params.index).synonyms.search(objectBody(request.body, 'body'));
  });

  fastify.get<{ Params: { index: string; objectID: string } }>(
    '/1/indexes/:index/synonyms/:objectID',
    adminOnly,
    async (request) => {
      return store.getSynonym(request.params.index, request.params.objectID);
    },
  );

  fastify.put<{ Params: { index: string; objectID: string }; Querystring: SynonymQuery }>(
    '/1/indexes/:index/synonyms/:objectID',
    adminOnly,
    async (request) => {
      const body = objectBody(request.body, 'synonym');
      if (body.objectID !== undefined && body.objectID !== request.params.objectID)
        throw badRequest('synonym.objectID: must equal the objectID in the path');
      store.saveSynonyms(request.params.index, [{ ...body, objectID: request.params.objectID }], {
        forwardToReplicas: flag(request.query.forwardToReplicas),
      });
      return { ...updated(), id: request.params.objectID };
    },
  );

  fastify.delete<{ Params: { index: string; objectID: string }; Querystring: SynonymQuery }>(
    '/1/indexes/:index/synonyms/:objectID',
    adminOnly,
    async (request) => {
      store.deleteSynonym(request.params.index, request.params.objectID, flag(request.query.forwardToReplicas));
      return { taskID: store.nextTaskID(), deletedAt: now() };
    },
  );

  const planBatch = (
    requests: unknown,
    indexFor: (raw: Record<string, unknown>, i: number) => SearchIndex,
  ): BatchStep[] => {
    if (!Array.isArray(requests)) throw badRequest('requests: expected an array');
    return requests.map((raw: unknown, i) => {
      const r = objectBody(raw, `requests[${i}]`);
      const action = r.action;
      if (typeof action !== 'string' || !ACTIONS.has(action))
        throw badRequest(`requests[${i}].action: unknown action ${JSON.stringify(action) ?? typeof action}`);
      const index = indexFor(r, i);
      if (index.isReplica) throw badRequest(`requests[${i}]: cannot write to replica index '${index.name}'`);
      const body = objectBody(r.body, `requests[${i}].body`);
      if (action === 'clear' || action === 'delete') return { index, action, body };
      if (action === 'addObject' && body.objectID === undefined)
        return { index, action, body: { ...body, objectID: randomUUID() }, objectID: undefined };
      try {
        checkObjectID(body);
      } catch {
        throw badRequest(`requests[${i}].body: objectID must be a non-empty string`);
      }
      return { index, action: action as BatchAction, body, objectID: body.objectID };
    });
  };

  const runBatch = (steps: BatchStep[]): string[] => {
    const objectIDs: string[] = [];
    for (const step of steps) {
      const { index, body } = step;
      switch (step.action) {
        case 'addObject':
        case 'updateObject':
          index.saveObject(body);
          objectIDs.push(String(body.objectID));
          break;
        case 'partialUpdateObject':
        case 'partialUpdateObjectNoCreate':
          index.partialUpdateObject(body, step.action === 'partialUpdateObject');
          objectIDs.push(String(body.objectID));
          break;
        case 'deleteObject':
          index.deleteObject(body.objectID);
          objectIDs.push(String(body.objectID));
          break;
        case 'clear':
          index.clearObjects();
          break;
        case 'delete':
          store.delete(index.name);
          break;
      }
    }
    return objectIDs;
  };

  fastify.post<{ Params: { index: string } }>('/1/indexes/:index/batch', batchLimit, async (request) => {
    const body = objectBody(request.body, 'body');
    if (request.params.index === '*') {
      const steps = planBatch(body.requests, (r, i) => {
        if (typeof r.indexName !== 'string' || r.indexName === '')
          throw badRequest(`requests[${i}].indexName: expected a non-empty string`);
        return store.getOrCreate(r.indexName);
      });
      const objectIDs = runBatch(steps);
      wrote(savedRecords(steps));
      const taskID: Record<string, number> = {};
      for (const step of steps) taskID[step.index.name] ??= store.nextTaskID();
      return { taskID, objectIDs };
    }
    const index = store.getOrCreate(request.params.index);
    const steps = planBatch(body.requests, () => index);
    const objectIDs = runBatch(steps);
    wrote(savedRecords(steps));
    return { taskID: store.nextTaskID(), objectIDs };
  });

  fastify.post<{ Params: { index: string } }>('/1/indexes/:index/clear', adminOnly, async (request) => {
    const index = store.get(request.params.index);
    if (index) {
      if (index.isReplica) throw badRequest(`cannot clear replica index '${index.name}'`);
      index.clearObjects();
    }
    return { taskID: store.nextTaskID(), updatedAt: now() };
  });

  fastify.delete<{ Params: { index: string } }>('/1/indexes/:index', adminOnly, async (request) => {
    store.delete(request.params.index);
    return { taskID: store.nextTaskID(), deletedAt: now() };
  });

  fastify.get<{ Params: { index: string; taskID: string } }>('/1/indexes/:index/task/:taskID', async (request) => {
    requireIndexAccess(request, request.params.index);
    return { status: 'published', pendingTask: false };
  });

  fastify.get('/1/indexes', adminOnly, async () => {
    const items = store.names().map((name) => {
      const index = store.require(name);
      return {
        name,
        createdAt: index.store.createdAt.toISOString(),
        updatedAt: index.store.updatedAt.toISOString(),
        entries: index.store.size,
        dataSize: 0,
        fileSize: 0,
        lastBuildTimeS: 0,
        numberOfPendingTasks: 0,
        pendingTask: false,
        ...(index.settings.primary ? { primary: index.settings.primary } : {}),
        ...(index.settings.replicas?.length ? { replicas: index.settings.replicas } : {}),
      };
    });
    return { items, nbPages: 1 };
  });

  const readObject = (
    request: FastifyRequest,
    indexName: string,
    objectID: string,
    attributesToRetrieve?: unknown,
  ): Record<string, unknown> | null => {
    const principal = requireIndexAccess(request, indexName);
    if (principal.kind === 'search' && principal.restrictions?.filters)
      throw new SearchError(403, 'Method not allowed with this API key');
    const record = store.require(indexName).getObject(objectID);
    if (!record) return null;
    const attrs =
      typeof attributesToRetrieve === 'string'
        ? attributesToRetrieve.split(',')
        : Array.isArray(attributesToRetrieve)
          ? (attributesToRetrieve as string[])
          : null;
    if (!attrs || attrs.includes('*')) return record;
    const out: Record<string, unknown> = { objectID: record.objectID };
    for (const a of attrs) if (a in record) out[a] = record[a];
    return out;
  };

  fastify.post<{ Params: { index: string } }>('/1/indexes/:index/objects', publicRoute, async (request) => {
    if (request.params.index !== '*') throw new SearchError(404, 'Not found');
    const requests = objectBody(request.body, 'body').requests;
    if (!Array.isArray(requests)) throw badRequest('requests: expected an array');
    return {
      results: requests.map((raw: unknown, i) => {
        const r = objectBody(raw, `requests[${i}]`);
        if (typeof r.indexName !== 'string' || typeof r.objectID !== 'string')
          throw badRequest(`requests[${i}]: indexName and objectID must be strings`);
        return readObject(request, r.indexName, r.objectID, r.attributesToRetrieve);
      }),
    };
  });

  fastify.get<{ Params: { index: string; objectID: string }; Querystring: { attributesToRetrieve?: string } }>(
    '/1/indexes/:index/:objectID',
    publicRoute,
    async (request) => {
      const record = readObject(
        request,
        request.params.index,
        request.params.objectID,
        request.query.attributesToRetrieve,
      );
      if (!record) throw new SearchError(404, 'ObjectID does not exist');
      return record;
    },
  );

  fastify.post<{ Params: { index: string } }>('/1/indexes/:index', batchLimit, async (request) => {
    const index = store.getOrCreate(request.params.index);
    const body = objectBody(request.body, 'body');
    const record = {
      ...body,
      objectID: typeof body.objectID === 'string' && body.objectID !== '' ? body.objectID : randomUUID(),
    };
    index.saveObject(record);
    wrote([record]);
    return { createdAt: now(), taskID: store.nextTaskID(), objectID: record.objectID };
  });

  fastify.put<{ Params: { index: string; objectID: string } }>(
    '/1/indexes/:index/:objectID',
    batchLimit,
    async (request) => {
      const index = store.getOrCreate(request.params.index);
      const record = { ...objectBody(request.body, 'body'), objectID: request.params.objectID };
      index.saveObject(record);
      wrote([record]);
      return { updatedAt: now(), taskID: store.nextTaskID(), objectID: request.params.objectID };
    },
  );

  fastify.post<{ Params: { index: string; objectID: string }; Querystring: { createIfNotExists?: string } }>(
    '/1/indexes/:index/:objectID/partial',
    adminOnly,
    async (request) => {
      const index = store.getOrCreate(request.params.index);
      const record = { ...objectBody(request.body, 'body'), objectID: request.params.objectID };
      index.partialUpdateObject(record, request.query.createIfNotExists !== 'false');
      wrote([record]);
      return { updatedAt: now(), taskID: store.nextTaskID(), objectID: request.params.objectID };
    },
  );

  fastify.delete<{ Params: { index: string; objectID: string } }>(
    '/1/indexes/:index/:objectID',
    adminOnly,
    async (request) => {
      store.get(request.params.index)?.deleteObject(request.params.objectID);
      return { deletedAt: now(), taskID: store.nextTaskID() };
    },
  );
}

export const searchService = fp(
  async (fastify: FastifyInstance, options: SearchServiceOptions) => {
    await fastify.register(scoped('forecourt-search-routes', routes), options);
  },
  { name: 'forecourt-search', fastify: '5.x' },
);

export default searchService;
