/** An error with an HTTP status, answered to clients as Algolia does: `{ message, status }`. */
export class SearchError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SearchError';
  }
}

export const badRequest = (message: string): SearchError => new SearchError(400, message);
