import { useEffect, useState } from 'react';
import type { FormContextAnswer } from '../lib/form-context';
import type { LeadForm } from '../lib/lead-schema';

export type FormContextState = { status: 'loading' } | { status: 'ready'; context: FormContextAnswer } | { status: 'failed' };

/**
 * What the form needs before it can be checked as the server will check it: its location
 * choices (and the car, by id). A failure leaves the form usable without a location select; the
 * server still decides.
 */
export function useFormContext(form: LeadForm, carId?: string | null): FormContextState {
  const [state, setState] = useState<FormContextState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    const query = new URLSearchParams({ form, ...(carId ? { car_id: carId } : {}) });
    fetch(`/api/leads/form?${query}`, { headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return (await response.json()) as FormContextAnswer;
      })
      .then((context) => live && setState({ status: 'ready', context }))
      .catch((error: unknown) => {
        console.warn('[mf-leads] the form context could not be read', error);
        if (live) setState({ status: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [form, carId]);
  return state;
}
