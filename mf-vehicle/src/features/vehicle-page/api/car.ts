import { apiWrite, useApiRead } from '@forecourt/shared-config';
import { useRef } from 'react';
import { carAnswerSchema, type VehicleSummary } from '../../../contract';

export type CarState =
  { status: 'loading' } | { status: 'found'; car: VehicleSummary } | { status: 'missing' } | { status: 'failed' };

export const carUrl = (slug: string) => `/api/vehicle/cars/${encodeURIComponent(slug)}`;

/**
 * The page's car, from the team's own API (`GET /api/vehicle/cars/{slug}`): found, missing (404,
 * or 400 for an address that cannot be a car's) or failed. `initial`: the server's answer for this
 * address (first paint), which stands: no second read at load.
 */
export function useCar(slug: string, initial?: CarState): CarState {
  // A first paint that found no car is not asked again either: there is nothing to show from a read.
  const missingAtFirst = useRef(initial?.status === 'missing' ? slug : null);
  if (missingAtFirst.current !== null && missingAtFirst.current !== slug) missingAtFirst.current = null;
  const known = missingAtFirst.current === slug;
  const read = useApiRead(
    'mf-vehicle',
    known ? null : carUrl(slug),
    carAnswerSchema,
    initial?.status === 'found' ? { initial: { car: initial.car } } : {},
  );
  if (known) return { status: 'missing' };
  if (read.status === 'ready') return { status: 'found', car: read.data.car };
  if (read.status === 'missing' || (read.status === 'failed' && read.code === 400)) return { status: 'missing' };
  if (read.status === 'loading') return { status: 'loading' };
  return { status: 'failed' };
}

/** Counts one view of the car's page; sent even as the shopper leaves, and a failure is only a warning. */
export async function recordCarView(slug: string): Promise<void> {
  const result = await apiWrite(`/api/cars/${encodeURIComponent(slug)}/views`, { keepalive: true });
  if (!result.ok) console.warn(`[mf-vehicle] view not recorded (${result.status || 'no answer'})`);
}
