/**
 * InstantSearch's server state for a results page, without rendering the page to learn its
 * queries every time.
 *
 * `getServerState` renders the whole page once only to learn which queries its widgets send, runs
 * them, and returns each index's state and answers. That render is a third of what a search page
 * costs the server, and it is the same for every request with the same page context (tenant,
 * search access, address, session): the widgets' queries follow from the address alone. So the
 * first request of a context records the one multi-query the widgets sent and where each answer
 * went; later requests send that same query (fresh answers, as always: nothing here is cached but
 * the query's shape) and put the answers where the first request's went.
 *
 * A context is only recorded when the result is provably the same as getServerState's: one
 * search call, and its answers are exactly the page's answers, in order. Anything else (two
 * calls, a widget that reshapes answers) keeps the full path for that context.
 *
 * Why by hand: react-instantsearch has no API for re-running a page's known queries; this uses
 * only what getServerState returns and what the search client is asked.
 */
import { createHash } from 'node:crypto';
import type { InstantSearchServerState } from 'react-instantsearch-core';

type SearchFn = (args: never) => Promise<{ results: unknown[] }>;
export interface SearchClientLike {
  search: SearchFn;
}

interface Recorded {
  /** What the widgets asked the client, as they asked it. */
  args: unknown;
  /** The answers as the client gave them, before the widgets saw them. */
  answers: string;
}

/** What a context's server state is made of, less the answers. */
export interface ServerStateTemplate {
  args: unknown;
  /**
   * Each index's entry (its `results` left empty, its keys in their order, so the state reads
   * byte for byte as getServerState's), and how many answers it takes, in answer order.
   */
  indices: Array<{ id: string; entry: Record<string, unknown>; count: number }>;
}

/** Where the templates are kept between requests (the platform gives a bounded one: SearchPorts). */
export interface TemplateStore {
  get(key: string): ServerStateTemplate | undefined;
  set(key: string, template: ServerStateTemplate): void;
  delete(key: string): void;
}

/** How many results pages were answered from a recorded query, and how many were rendered to learn it. */
export const serverStateStats = { replayed: 0, rendered: 0 };

/** The key of a page context: everything the widgets' queries can follow from. */
export function contextKey(context: unknown): string {
  return createHash('sha256').update(JSON.stringify(context)).digest('base64url');
}

/** A client that records each search call it passes on (for the first request of a context). */
function recording<Client extends SearchClientLike>(client: Client): { client: Client; calls: Recorded[] } {
  const calls: Recorded[] = [];
  const search = client.search.bind(client) as (args: unknown) => Promise<{ results: unknown[] }>;
  const wrapped = {
    ...client,
    search: async (args: unknown) => {
      const response = await search(args);
      calls.push({ args, answers: JSON.stringify(response.results) });
      return response;
    },
  } as Client;
  return { client: wrapped, calls };
}

/**
 * The template of `state` given the calls that made it, or null when replaying could give
 * anything but what getServerState gave: not exactly one call, or its answers are not the page's
 * answers in order (getInitialResults takes them index by index, in walk order).
 */
export function templateOf(state: InstantSearchServerState, calls: Recorded[]): ServerStateTemplate | null {
  if (calls.length !== 1) return null;
  const indices: ServerStateTemplate['indices'] = [];
  const answers: unknown[] = [];
  for (const [id, value] of Object.entries(state.initialResults)) {
    const { results, ...rest } = value as { results?: unknown[] } & Record<string, unknown>;
    // Recommendations and composition feeds are answered by other calls: not replayable here.
    if (!Array.isArray(results) || 'recommendResults' in rest || 'compositionFeedsResults' in rest) return null;
    const entry = JSON.parse(JSON.stringify({ ...value, results: [] })) as Record<string, unknown>;
    indices.push({ id, entry, count: results.length });
    answers.push(...results);
  }
  return JSON.stringify(answers) === calls[0]!.answers ? { args: calls[0]!.args, indices } : null;
}

/** The server state of a recorded context with the answers of a fresh call. */
export function fill(template: ServerStateTemplate, results: unknown[]): InstantSearchServerState | null {
  if (results.length !== template.indices.reduce((sum, index) => sum + index.count, 0)) return null;
  const initialResults: Record<string, unknown> = {};
  let at = 0;
  for (const index of template.indices) {
    // Spread first, then set: `results` keeps its place among the keys.
    const entry: Record<string, unknown> = { ...index.entry };
    entry.results = results.slice(at, at + index.count);
    initialResults[index.id] = entry;
    at += index.count;
  }
  return { initialResults } as InstantSearchServerState;
}

/** What an answer says of how long it took: not the page's content, and never the same twice. */
const TIMINGS = ['processingTimeMS', 'serverTimeMS', 'processingTimingsMS'];

/**
 * The state without the answers' timings. Nothing on the page shows them, and leaving them out
 * makes the state (inlined in the page, and the key of its render in the render cache) the same
 * for the same answers.
 */
export function withoutTimings(state: InstantSearchServerState): InstantSearchServerState {
  const initialResults: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(state.initialResults)) {
    const entry: Record<string, unknown> = { ...value };
    if (Array.isArray(value.results)) {
      entry.results = value.results.map((result) =>
        Object.fromEntries(Object.entries(result as object).filter(([key]) => !TIMINGS.includes(key))),
      );
    }
    initialResults[id] = entry;
  }
  return { initialResults } as InstantSearchServerState;
}

/**
 * The server state of the page `client` serves in `context` (less timings): from the recorded
 * query when the context has one, otherwise by `learn` (getServerState over the page, given the
 * client to use), recording the query for next time. Without a store, always by `learn`.
 */
export async function serverStateFor<Client extends SearchClientLike>(
  templates: TemplateStore | undefined,
  key: string,
  client: Client,
  learn: (client: Client) => Promise<InstantSearchServerState>,
): Promise<InstantSearchServerState> {
  if (!templates) return withoutTimings(await learn(client));
  const template = templates.get(key);
  if (template) {
    const response = await (client.search as (args: unknown) => Promise<{ results: unknown[] }>)(template.args);
    const state = fill(template, response.results);
    if (state) {
      serverStateStats.replayed += 1;
      return withoutTimings(state);
    }
    templates.delete(key);
  }
  serverStateStats.rendered += 1;
  const recorder = recording(client);
  const state = await learn(recorder.client);
  const learned = templateOf(state, recorder.calls);
  if (learned) templates.set(key, learned);
  return withoutTimings(state);
}
