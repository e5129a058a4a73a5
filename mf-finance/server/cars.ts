import type { FastifyRequest } from 'fastify';
import type { FeaturedCar, FinancePanelCar } from '../src/features/finance-page/api/finance-cars';
import type { FinancePorts } from './ports';

/** Spec: 'Featured finance cars: 6, used, in stock, more than 1 photo'. */
const FEATURED_CARS = 6;

/**
 * The car an id names on the request's site, or null. One reading for the API and the first
 * paint, so the page painted on the server and the page that asks the API agree on every id: an
 * id that cannot be a car's (blank, longer than 64 characters) names none.
 */
export async function chosenCar(
  ports: FinancePorts,
  request: FastifyRequest,
  id: string,
): Promise<FinancePanelCar | null> {
  const trimmed = id.trim();
  return trimmed && trimmed.length <= 64 ? ports.financeCar(request, trimmed) : null;
}

/** The Get Finance Now page's featured used cars. */
export function featuredCars(ports: FinancePorts, request: FastifyRequest): Promise<FeaturedCar[]> {
  return ports.featuredUsedCars(request, FEATURED_CARS);
}
