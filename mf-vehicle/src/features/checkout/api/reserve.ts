import { createKeyedPost } from '@forecourt/shared-config/leads';
import type { ReservationBody } from '../lib/reservation-schema';
import { reservationUrl } from './reservation-state';

/**
 * The reservation and its cancellation, through the team's reservation API
 * (server/reservations.ts).
 */

/** A reservation the API made (201). */
export interface ReservationMade {
  id: string;
  /** ISO instant. */
  heldUntil: string;
  /** In dollars: what was held on the card (0: nothing). */
  deposit: number;
}

/** Why the API did not reserve: its words, and the field they are about when it names one. */
export interface ReservationRefusal {
  status: 'refused';
  code: number;
  message: string;
  field: string | null;
  /** A 409 for a car held by someone else: when that hold ends, when the platform knows it. */
  heldUntil: string | null;
}

export type ReservationOutcome = { status: 'reserved'; reservation: ReservationMade } | ReservationRefusal | { status: 'unreachable' };

export type CancelOutcome = { status: 'cancelled' } | { status: 'refused'; message: string } | { status: 'unreachable' };

async function answerOf(response: Response): Promise<Record<string, unknown>> {
  const answer: unknown = await response.json().catch(() => null);
  return answer !== null && typeof answer === 'object' ? (answer as Record<string, unknown>) : {};
}

/**
 * The words of a refusal. The team's routes put them in `error`; the platform's own refusals
 * (the rate limit) are Fastify errors, whose `error` is only the status's name and whose words
 * are in `message`.
 */
function refusalText(answer: Record<string, unknown>, code: number): string {
  if (typeof answer['message'] === 'string') return answer['message'];
  if (typeof answer['error'] === 'string') return answer['error'];
  return `The reservation could not be made (error ${code}).`;
}

/**
 * A reserver for one car: the shopper, and the card only as its token and last four digits. The
 * same shopper and card pressing Reserve again after a lost answer send the same Idempotency-Key
 * (the reservation's number), so the API answers with the reservation already made rather than
 * calling the car taken by the shopper's own hold; the card's token is new each try.
 */
export function createReserver(slug: string, fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  const post = createKeyedPost(reservationUrl(slug), fetchImpl, (body: ReservationBody) => ({ ...body, payment: body.payment?.last4 ?? null }));
  return (body: ReservationBody) => sendReservation(() => post(body));
}

async function sendReservation(post: () => Promise<Response>): Promise<ReservationOutcome> {
  let response: Response;
  try {
    response = await post();
  } catch (error) {
    console.error('[mf-vehicle] the reservation could not be sent', error);
    return { status: 'unreachable' };
  }
  const answer = await answerOf(response);
  if (response.ok && typeof answer['id'] === 'string' && typeof answer['heldUntil'] === 'string') {
    return { status: 'reserved', reservation: { id: answer['id'], heldUntil: answer['heldUntil'], deposit: typeof answer['deposit'] === 'number' ? answer['deposit'] : 0 } };
  }
  return {
    status: 'refused',
    code: response.status,
    message: refusalText(answer, response.status),
    field: typeof answer['field'] === 'string' ? answer['field'] : null,
    heldUntil: typeof answer['heldUntil'] === 'string' ? answer['heldUntil'] : null,
  };
}

/** Cancels the reservation with this number (the deposit's authorisation is voided by the API). */
export async function cancelReservation(id: string): Promise<CancelOutcome> {
  let response: Response;
  try {
    response = await fetch(`/api/vehicle/reservations/${encodeURIComponent(id)}`, { method: 'DELETE', headers: { accept: 'application/json' } });
  } catch (error) {
    console.error('[mf-vehicle] the cancellation could not be sent', error);
    return { status: 'unreachable' };
  }
  if (response.ok) return { status: 'cancelled' };
  return { status: 'refused', message: refusalText(await answerOf(response), response.status) };
}
