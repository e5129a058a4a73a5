/**
 * The subset of Algolia's REST API the platform uses, as data: every request the web tier, the
 * indexer and pages' browsers send to search is one of these routes, with only these query-string
 * parameters, and a search only these search parameters. The search service answers exactly these
 * (http/plugin.ts), and an Algolia application answers them too, which is what lets the platform
 * swap one for the other by changing hosts and keys. infra/search-engine/README.md lists the same
 * table (a test keeps the two equal), and a test records what the web tier sends and checks it
 * against this (service/algolia-subset.test.ts).
 */
export interface AlgoliaRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** `:name` is one path segment; `*` is the literal `*` of multi-index routes. */
  path: string;
  /** Query-string parameters beyond the credentials every route accepts (`CREDENTIAL_PARAMETERS`). */
  query: readonly string[];
  /** The body carries search parameters (`SEARCH_PARAMETERS`), flat or as a `params` string. */
  search?: boolean;
  /** Only the admin key may call it. */
  admin: boolean;
}

/** The clients may send their credentials and agent as query parameters instead of headers. */
export const CREDENTIAL_PARAMETERS = ['x-algolia-agent', 'x-algolia-application-id', 'x-algolia-api-key'] as const;

const FORWARD = ['forwardToReplicas'];

export const ALGOLIA_SUBSET: readonly AlgoliaRoute[] = [
  { method: 'POST', path: '/1/indexes/*/queries', query: [], search: true, admin: false },
  { method: 'POST', path: '/1/indexes/:index/query', query: [], search: true, admin: false },
  { method: 'POST', path: '/1/indexes/*/objects', query: [], admin: false },
  { method: 'GET', path: '/1/indexes/:index/task/:taskID', query: [], admin: false },
  { method: 'GET', path: '/1/indexes/:index/settings', query: [], admin: true },
  { method: 'PUT', path: '/1/indexes/:index/settings', query: FORWARD, admin: true },
  { method: 'POST', path: '/1/indexes/:index/batch', query: [], admin: true },
  { method: 'POST', path: '/1/indexes/*/batch', query: [], admin: true },
  { method: 'POST', path: '/1/indexes/:index/clear', query: [], admin: true },
  { method: 'DELETE', path: '/1/indexes/:index', query: [], admin: true },
  { method: 'GET', path: '/1/indexes', query: [], admin: true },
  { method: 'POST', path: '/1/indexes/:index', query: [], admin: true },
  { method: 'PUT', path: '/1/indexes/:index/synonyms/:objectID', query: FORWARD, admin: true },
  { method: 'GET', path: '/1/indexes/:index/synonyms/:objectID', query: [], admin: true },
  { method: 'DELETE', path: '/1/indexes/:index/synonyms/:objectID', query: FORWARD, admin: true },
  {
    method: 'POST',
    path: '/1/indexes/:index/synonyms/batch',
    query: [...FORWARD, 'replaceExistingSynonyms'],
    admin: true,
  },
  { method: 'POST', path: '/1/indexes/:index/synonyms/clear', query: FORWARD, admin: true },
  { method: 'POST', path: '/1/indexes/:index/synonyms/search', query: [], admin: true },
  { method: 'GET', path: '/1/indexes/:index/:objectID', query: ['attributesToRetrieve'], admin: false },
  { method: 'PUT', path: '/1/indexes/:index/:objectID', query: [], admin: true },
  { method: 'POST', path: '/1/indexes/:index/:objectID/partial', query: ['createIfNotExists'], admin: true },
  { method: 'DELETE', path: '/1/indexes/:index/:objectID', query: [], admin: true },
];

/**
 * Search parameters a search may carry: those the engine applies (engine/params.ts), and those
 * accepted and ignored because the clients and InstantSearch send them (see the README's
 * deviations). Plus, in a multi-query's requests, `indexName` and `type` ('default').
 */
export const SEARCH_PARAMETERS = [
  // Applied
  'query',
  'filters',
  'facetFilters',
  'numericFilters',
  'tagFilters',
  'facets',
  'maxValuesPerFacet',
  'hitsPerPage',
  'page',
  'offset',
  'length',
  'attributesToRetrieve',
  'attributesToHighlight',
  'highlightPreTag',
  'highlightPostTag',
  'clickAnalytics',
  'getRankingInfo',
  'responseFields',
  'typoTolerance',
  'minWordSizefor1Typo',
  'minWordSizefor2Typos',
  'allowTyposOnNumericTokens',
  'disableTypoToleranceOnAttributes',
  // Accepted, not applied
  'analytics',
  'distinct',
  'attributesToSnippet',
  'snippetEllipsisText',
  'analyticsTags',
  'userToken',
  'ruleContexts',
  'enablePersonalization',
  'maxFacetHits',
  'sortFacetValuesBy',
] as const;

const MULTI_QUERY_FIELDS = ['indexName', 'type', 'params'];

function pattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) =>
      segment === '*' ? '\\*' : segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}$`);
}

const ROUTES = ALGOLIA_SUBSET.map((route) => ({ route, pattern: pattern(route.path) }));

/** The route a request is, or null when it is outside the subset. */
export function matchAlgoliaRoute(method: string, pathname: string): AlgoliaRoute | null {
  // Segments arrive URL-encoded (`%2A` for `*` in some clients).
  const decoded = pathname.replace(/%2A/gi, '*');
  return ROUTES.find(({ route, pattern: p }) => route.method === method && p.test(decoded))?.route ?? null;
}

/**
 * What is outside the subset in one request: an unknown route, a query-string parameter the route
 * does not take, a search parameter outside SEARCH_PARAMETERS. Empty when it is within.
 */
export function outsideAlgoliaSubset(request: { method: string; url: string; body?: string }): string[] {
  const url = new URL(request.url, 'http://search');
  const route = matchAlgoliaRoute(request.method, url.pathname);
  if (!route) return [`${request.method} ${url.pathname}: not a route of the subset`];
  const problems: string[] = [];
  const allowedQuery = new Set<string>([...CREDENTIAL_PARAMETERS, ...route.query]);
  for (const name of url.searchParams.keys())
    if (!allowedQuery.has(name)) problems.push(`${route.method} ${route.path}: query parameter '${name}'`);
  if (route.search && request.body) {
    const body = JSON.parse(request.body) as Record<string, unknown>;
    const searches = route.path.includes('*')
      ? ((body.requests as Array<Record<string, unknown>> | undefined) ?? [])
      : [body];
    const allowed = new Set<string>([
      ...SEARCH_PARAMETERS,
      ...(route.path.includes('*') ? MULTI_QUERY_FIELDS : ['params']),
    ]);
    for (const search of searches) {
      const names = [
        ...Object.keys(search),
        ...(typeof search.params === 'string' ? [...new URLSearchParams(search.params).keys()] : []),
      ];
      for (const name of names)
        if (!allowed.has(name)) problems.push(`${route.method} ${route.path}: search parameter '${name}'`);
    }
  }
  return problems;
}
