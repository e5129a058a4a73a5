export { SearchError } from './errors';
export { parseFilters, parseFacetFilters, parseNumericFilters, printFilter, type FilterNode } from './filters';
export { normalizeParams, decodeParamsString, encodeParams, type SearchParams } from './params';
export type { SearchResponse, Hit, FacetStats, HighlightResult } from './response';
export { IndexStore, SearchIndex, type SearchOptions } from './search-index';
export type { IndexSettings } from './settings';
export type { SynonymHit } from './synonyms';
export type { Json, SearchRecord } from './values';
