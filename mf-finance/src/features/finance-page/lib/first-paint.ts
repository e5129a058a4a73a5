import { takeFirstPaintData } from '@forecourt/shared-config';
import { createContext, useContext, useState } from 'react';
import type { FeaturedCar, FinancePanelCar, Loaded } from '../api/finance-cars';

/**
 * What the server rendered a finance page's first paint from: what the page would otherwise ask
 * for as it mounts. Each part is there only where the page shows it.
 */
export interface FinanceFirstPaintData {
  /** The car the address chose (`car_id`), null when the site has no such car. */
  chosen?: { id: string; car: FinancePanelCar | null };
  /** The Get Finance Now page's featured used cars. */
  featured?: FeaturedCar[];
}

/** Set only while the server renders the first paint (mf-finance/server/first-paint.tsx). */
export const FinanceServerContext = createContext<FinanceFirstPaintData | null>(null);

/**
 * The data the page starts from: on the server, what it renders; in the browser, what the server
 * inlined for this address (until the page has taken over). Undefined when the page reads its
 * data itself.
 */
export function useFinanceFirstPaint(): FinanceFirstPaintData | undefined {
  const server = useContext(FinanceServerContext);
  const [browser] = useState(() => (server ? undefined : takeFirstPaintData<FinanceFirstPaintData>('mf-finance')));
  return server ?? browser;
}

/** The chosen car as the page's first render shows it, when the first paint read that same car. */
export function firstChosen(
  data: FinanceFirstPaintData | undefined,
  carId: string | null,
): Loaded<FinancePanelCar> | undefined {
  if (!carId || data?.chosen?.id !== carId) return undefined;
  return data.chosen.car ? { status: 'ready', value: data.chosen.car } : { status: 'missing' };
}

/** The featured cars as the page's first render shows them, when the first paint read them. */
export function firstFeatured(data: FinanceFirstPaintData | undefined): Loaded<FeaturedCar[]> | undefined {
  return data?.featured ? { status: 'ready', value: data.featured } : undefined;
}
