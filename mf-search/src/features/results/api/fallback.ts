import { useApiRead, zm, type ApiRead } from '@forecourt/shared-config';
import type { FallbackFilters } from '../../../contract';
import { fallbackUrl } from '../../../lib/fallback';
import { carHitSchema } from '../../../lib/hit';

/** The fallback fetch's answer (`GET /api/search/fallback`): the cars in the search index's record shape. */
const fallbackAnswerSchema = zm.object({ vehicles: zm.array(carHitSchema) });
export type FallbackAnswer = zm.output<typeof fallbackAnswerSchema>;

/** The site's newest cars in stock matching `filters`, read from the stock itself (spec §7 fallback fetch). */
export function useFallbackCars(filters: FallbackFilters, limit: number): ApiRead<FallbackAnswer> {
  return useApiRead('mf-search', fallbackUrl(filters, limit), fallbackAnswerSchema);
}
