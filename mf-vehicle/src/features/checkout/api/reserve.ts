import { apiWrite, invalidateApi, readApiAnswer, type ApiFetch } from '@forecourt/shared-config';
import { createKeyedPost } from '@forecourt/shared-config/leads';
import {
  MY_RESERVATIONS_PATH,
  reservationCancelledSchema,
  reservationMadeSchema,
  reservationRefusalSchema,
} from '../../../contract';
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

export type ReservationOutcome =
  { status: 'reserved'; reservation: ReservationMade } | ReservationRefusal | { status: 'unreachable' };

export type CancelOutcome =
  { status: 'cancelled' } | { status: 'refused'; message: string } | { status: 'unreachable' };

/** The words of a refusal (the server's, else its status). */
const refusalText = (message: string, code: number) => message || `The reservation could not be made (error ${code}).`;

/**
 * The shopper's reservations (their garage) changed. The car's own state is left as the page
 * read it: the confirmation shows on the page that read it free.
 */
const reservationsChanged = () => invalidateApi(MY_RESERVATIONS_PATH);

/**
 * A reserver for one car: the shopper, and the card only as its token and last four digits. The
 * same shopper and card pressing Reserve again after a lost answer send the same Idempotency-Key
 * (the reservation's number), so the API answers with the reservation already made rather than
 * calling the car taken by the shopper's own hold; the card's token is new each try.
 */
export function createReserver(slug: string, fetchImpl?: ApiFetch) {
  const url = reservationUrl(slug);
  const post = createKeyedPost(url, fetchImpl, (body: ReservationBody) => ({
    ...body,
    payment: body.payment?.last4 ?? null,
  }));
  return async (body: ReservationBody): Promise<ReservationOutcome> => {
    let response: Response;
    try {
      response = await post(body);
    } catch (error) {
      console.error('[mf-vehicle] the reservation could not be sent', error);
      return { status: 'unreachable' };
    }
    const result = await readApiAnswer(url, response, {
      schema: reservationMadeSchema,
      refusal: reservationRefusalSchema,
    });
    if (result.ok) {
      reservationsChanged();
      const { id, heldUntil, deposit } = result.data;
      return { status: 'reserved', reservation: { id, heldUntil, deposit } };
    }
    return {
      status: 'refused',
      code: result.status,
      message: refusalText(result.message, result.status),
      field: result.field ?? null,
      heldUntil: result.refusal?.heldUntil ?? null,
    };
  };
}

/** Cancels the reservation with this number (the deposit's authorisation is voided by the API). */
export async function cancelReservation(id: string): Promise<CancelOutcome> {
  const result = await apiWrite(`/api/vehicle/reservations/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: reservationCancelledSchema,
  });
  if (result.ok) {
    reservationsChanged();
    return { status: 'cancelled' };
  }
  if (result.status === 0) {
    console.error('[mf-vehicle] the cancellation could not be sent');
    return { status: 'unreachable' };
  }
  return { status: 'refused', message: refusalText(result.message, result.status) };
}
