/**
 * Analytics dispatch. Event ids are the spec's numeric ids (25 phone click, 26 finance
 * calculator first use, 39 watchlist save, ...). Sending never blocks the caller and a failure
 * is only a warning: analytics must not break a shopper's journey.
 */
export const ANALYTICS_ENDPOINT = '/api/events';

export type AnalyticsPayload = Record<string, string | number | boolean | null>;

export function track(eventId: number, payload: AnalyticsPayload = {}): Promise<void> {
  const body = JSON.stringify({ eventId, payload, path: typeof location !== 'undefined' ? location.pathname : '' });
  // Started in a promise, so even a fetch that throws at once (none in this environment) only warns.
  return Promise.resolve()
    .then(() => fetch(ANALYTICS_ENDPOINT, { method: 'POST', headers: { 'content-type': 'application/json' }, body, keepalive: true }))
    .then((response) => {
      if (!response.ok) console.warn(`analytics event ${eventId} was refused: HTTP ${response.status}`);
    })
    .catch((error: unknown) => {
      console.warn(`analytics event ${eventId} was not sent`, error);
    });
}
