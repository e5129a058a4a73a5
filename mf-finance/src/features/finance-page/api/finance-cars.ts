import { useEffect, useRef, useState } from 'react';
import type { FinanceEnquiryCar } from '../../finance-enquiry/api/enquiry';
import type { CarFinanceFacts } from '@forecourt/shared-config';

/**
 * The chosen car as the side panel shows it (spec: 'the chosen car (looked up by id)') with its
 * finance disclaimer (spec: 'fetched by car id'), and the facts the finance rule and the
 * calculator read, as shared-config's `carFinanceFacts` builds them (the platform builds them
 * with it): `price` is the asking price.
 */
export interface FinancePanelCar extends FinanceEnquiryCar, CarFinanceFacts {
  primary_image_url: string | null;
  /** The lender's disclaimer for this car, when its lender has one. */
  disclaimer: string | null;
  finance_quote_weekly: number | null;
}

/** A featured used car of the Get Finance Now page. */
export interface FeaturedCar {
  id: string;
  slug: string;
  name: string;
  price: number;
  km: number;
  primary_image_url: string | null;
}

export const carPath = (id: string) => `/api/finance/cars/${encodeURIComponent(id)}`;
export const FEATURED_PATH = '/api/finance/featured';

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'missing' } | { status: 'failed' };

async function getJson<T>(url: string, signal: AbortSignal): Promise<T | null> {
  const response = await fetch(url, { credentials: 'same-origin', signal });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

/**
 * `url`'s answer. `initial`: the answer the server's first paint read for this `url`, which
 * stands: the page starts from it and does not ask again at load.
 */
function useLoaded<A, T>(url: string | null, pick: (answer: A) => T, initial?: Loaded<T>): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>(initial ?? { status: 'loading' });
  const given = useRef(initial ? url : null);
  useEffect(() => {
    if (url === null) return undefined;
    if (given.current === url) return undefined;
    given.current = null;
    const controller = new AbortController();
    setState({ status: 'loading' });
    getJson<A>(url, controller.signal).then(
      (answer) => setState(answer === null ? { status: 'missing' } : { status: 'ready', value: pick(answer) }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
    // `pick` only reads the answer's shape, which does not change between renders.
  }, [url]);
  return state;
}

/** The chosen car by id, or 'missing' when the site has no such car. */
export function useFinanceCar(id: string | null, initial?: Loaded<FinancePanelCar>): Loaded<FinancePanelCar> {
  return useLoaded<{ car: FinancePanelCar }, FinancePanelCar>(id === null ? null : carPath(id), (answer) => answer.car, initial);
}

/** Spec: 'six featured used cars (in stock, more than 1 photo)'. */
export function useFeaturedCars(enabled: boolean, initial?: Loaded<FeaturedCar[]>): Loaded<FeaturedCar[]> {
  return useLoaded<{ cars: FeaturedCar[] }, FeaturedCar[]>(enabled ? FEATURED_PATH : null, (answer) => answer.cars, initial);
}
