import { useApiRead } from '@forecourt/shared-config';
import { formContextSchema, type FormContextAnswer } from '../../../contract';
import type { LeadForm } from '../lib/lead-schema';

export type FormContextState =
  { status: 'loading' } | { status: 'ready'; context: FormContextAnswer } | { status: 'failed' };

/**
 * What the form needs before it can be checked as the server will check it: its location
 * choices (and the car, by id), from `GET /api/leads/form`. A failure leaves the form usable
 * without a location select; the server still decides.
 */
export function useFormContext(form: LeadForm, carId?: string | null): FormContextState {
  const query = new URLSearchParams({ form, ...(carId ? { car_id: carId } : {}) });
  const read = useApiRead('mf-leads', `/api/leads/form?${query}`, formContextSchema);
  if (read.status === 'loading') return read;
  return read.status === 'ready' ? { status: 'ready', context: read.data } : { status: 'failed' };
}
