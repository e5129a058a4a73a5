import { useApiRead, type ApiRead } from '@forecourt/shared-config';
import { priceComparisonSchema, type PriceComparison } from '../../../contract';

/** The car's price comparison (`GET /api/cars/{slug}/autogauge`); a failure is logged by the read. */
export function usePriceComparison(slug: string): ApiRead<PriceComparison> {
  return useApiRead('mf-vehicle', `/api/cars/${encodeURIComponent(slug)}/autogauge`, priceComparisonSchema);
}
