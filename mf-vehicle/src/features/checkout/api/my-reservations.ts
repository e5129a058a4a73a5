import { useApiRead, type ApiRead } from '@forecourt/shared-config';
import { MY_RESERVATIONS_PATH, myReservationsSchema, type MyReservations } from '../../../contract';

/** The signed-in shopper's reservations on this site, newest first ('signed-out' without a session). */
export function useMyReservations(): ApiRead<MyReservations> {
  return useApiRead('mf-vehicle', MY_RESERVATIONS_PATH, myReservationsSchema);
}
