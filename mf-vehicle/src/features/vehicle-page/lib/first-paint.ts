import { takeFirstPaintData } from '@forecourt/shared-config';
import { createContext, useContext, useState } from 'react';
import type { VehicleSummary } from '../../../contract';

/** What the server rendered a vehicle page's first paint from: the car at that address, or none. */
export interface VehicleFirstPaintData {
  slug: string;
  car: VehicleSummary | null;
}

/** Set only while the server renders the first paint (mf-vehicle/server/first-paint.tsx). */
export const VehicleServerContext = createContext<VehicleFirstPaintData | null>(null);

/**
 * The car the page starts from: on the server, the one it renders; in the browser, the one the
 * server inlined for this address (until the page has taken over). Undefined when the page must
 * read it itself.
 */
export function useFirstCar(slug: string): VehicleFirstPaintData | undefined {
  const server = useContext(VehicleServerContext);
  const [browser] = useState(() => (server ? undefined : takeFirstPaintData<VehicleFirstPaintData>('mf-vehicle')));
  const data = server ?? browser;
  return data?.slug === slug ? data : undefined;
}
