/** Where the filters stand in a column beside the results (below it, a phone's 'Filters' button opens them). */
export const FILTER_COLUMN_MEDIA = '(min-width: 900px)';
