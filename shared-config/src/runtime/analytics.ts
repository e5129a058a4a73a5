import { apiWrite } from './api';

/**
 * Analytics dispatch. Event ids are the spec's numeric ids (25 phone click, 26 finance
 * calculator first use, 39 watchlist save, ...). Sending never blocks the caller and a failure
 * is only a warning: analytics must not break a shopper's journey.
 */
export const ANALYTICS_ENDPOINT = '/api/events';

export type AnalyticsPayload = Record<string, string | number | boolean | null>;

export async function track(eventId: number, payload: AnalyticsPayload = {}): Promise<void> {
  const body = { eventId, payload, path: typeof location !== 'undefined' ? location.pathname : '' };
  // keepalive: an event sent as the shopper follows a link still arrives.
  const result = await apiWrite(ANALYTICS_ENDPOINT, { body, keepalive: true });
  if (result.ok) return;
  if (result.status === 0) console.warn(`analytics event ${eventId} was not sent`);
  else console.warn(`analytics event ${eventId} was refused: HTTP ${result.status}`);
}
