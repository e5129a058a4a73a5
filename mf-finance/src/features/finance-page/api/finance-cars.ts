import { lenderFactsSchema, useApiRead, zm, type ApiRead } from '@forecourt/shared-config';
import { useRef } from 'react';

/**
 * The chosen car as the side panel shows it (spec: 'the chosen car (looked up by id)') with its
 * finance disclaimer (spec: 'fetched by car id'), and the facts the finance rule and the
 * calculator read, as shared-config's `carFinanceFacts` builds them (the platform builds them
 * with it): `price` is the asking price (10 or less means it has none). The server half answers
 * with this shape (`GET /api/finance/cars/{id}`, and the first paint).
 */
const financePanelCarSchema = zm.object({
  id: zm.string(),
  slug: zm.string(),
  name: zm.string(),
  price: zm.number(),
  vin: zm.nullable(zm.string()),
  nvic: zm.nullable(zm.string()),
  year: zm.number(),
  make: zm.string(),
  status: zm.string(),
  dealership_slug: zm.string(),
  car_type: zm.enum(['new', 'used', 'demo']),
  primary_image_url: zm.nullable(zm.string()),
  /** The lender's disclaimer for this car, when its lender has one. */
  disclaimer: zm.nullable(zm.string()),
  /** The weekly figure of a finance quote already made for the car, or null. */
  finance_quote_weekly: zm.nullable(zm.number()),
  /** The site's provider's lender record for the car, or null when it has none. */
  lender: zm.nullable(lenderFactsSchema),
});
export type FinancePanelCar = zm.output<typeof financePanelCarSchema>;

export const financeCarAnswerSchema = zm.object({ car: financePanelCarSchema });
export type FinanceCarAnswer = zm.output<typeof financeCarAnswerSchema>;

/** A featured used car of the Get Finance Now page. */
const featuredCarSchema = zm.object({
  id: zm.string(),
  slug: zm.string(),
  name: zm.string(),
  price: zm.number(),
  km: zm.number(),
  primary_image_url: zm.nullable(zm.string()),
});
export type FeaturedCar = zm.output<typeof featuredCarSchema>;

export const featuredCarsSchema = zm.object({ cars: zm.array(featuredCarSchema) });
export type FeaturedCarsAnswer = zm.output<typeof featuredCarsSchema>;

export const carPath = (id: string) => `/api/finance/cars/${encodeURIComponent(id)}`;
export const FEATURED_PATH = '/api/finance/featured';

export type Loaded<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'missing' } | { status: 'failed' };

function loaded<A, T>(read: ApiRead<A>, pick: (answer: A) => T): Loaded<T> {
  if (read.status === 'ready') return { status: 'ready', value: pick(read.data) };
  if (read.status === 'loading' || read.status === 'missing') return { status: read.status };
  return { status: 'failed' };
}

/**
 * The chosen car by id, or 'missing' when the site has no such car. `initial`: what the server's
 * first paint read for this id, which stands: the page starts from it and does not ask again at load.
 */
export function useFinanceCar(id: string | null, initial?: Loaded<FinancePanelCar>): Loaded<FinancePanelCar> {
  const url = id === null ? null : carPath(id);
  const missingAtFirst = useRef(initial?.status === 'missing' ? url : null);
  if (missingAtFirst.current !== url) missingAtFirst.current = null;
  const missing = missingAtFirst.current !== null;
  const read = useApiRead(
    'mf-finance',
    missing ? null : url,
    financeCarAnswerSchema,
    initial?.status === 'ready' ? { initial: { car: initial.value } } : {},
  );
  return missing ? { status: 'missing' } : loaded(read, (answer) => answer.car);
}

/** Spec: 'six featured used cars (in stock, more than 1 photo)'. */
export function useFeaturedCars(enabled: boolean, initial?: Loaded<FeaturedCar[]>): Loaded<FeaturedCar[]> {
  const read = useApiRead(
    'mf-finance',
    enabled ? FEATURED_PATH : null,
    featuredCarsSchema,
    initial?.status === 'ready' ? { initial: { cars: initial.value } } : {},
  );
  return loaded(read, (answer) => answer.cars);
}
