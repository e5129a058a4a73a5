/** The part of itemsjs 2.4.4's API the benchmark uses (the package ships no types). */
declare module 'itemsjs' {
  interface ItemsJsConfig {
    aggregations?: Record<string, { title?: string; size?: number; conjunction?: boolean }>;
    searchableFields?: string[];
    sortings?: Record<string, { field: string; order: 'asc' | 'desc' }>;
    native_search_enabled?: boolean;
  }
  interface ItemsJsSearch<T> {
    query?: string;
    per_page?: number;
    page?: number;
    sort?: string;
    filters?: Record<string, Array<string | number | boolean>>;
    filters_query?: string;
    filter?: (item: T) => boolean;
  }
  interface ItemsJsResult<T> {
    pagination: { per_page: number; page: number; total: number };
    data: { items: T[]; aggregations: Record<string, { buckets: Array<{ key: string; doc_count: number }> }> };
  }
  interface ItemsJs<T> {
    search(options: ItemsJsSearch<T>): ItemsJsResult<T>;
  }
  function itemsjs<T>(items: T[], config: ItemsJsConfig): ItemsJs<T>;
  export default itemsjs;
}
