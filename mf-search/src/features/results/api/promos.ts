import { apiRead, useApiRead, zm } from '@forecourt/shared-config';

/** A promo node as the results page reads it from `/api/search/promos` (the server half answers with this shape). */
const promoCardSchema = zm.object({
  id: zm.string(),
  start: zm.nullable(zm.string()),
  expiry: zm.nullable(zm.string()),
  position: zm.nullable(zm.number()),
  display: zm.array(zm.string()),
  strictDisplay: zm.boolean(),
  title: zm.string(),
  text: zm.string(),
  href: zm.string(),
  imageUrl: zm.nullable(zm.string()),
});
export type PromoCardData = zm.output<typeof promoCardSchema>;

export const promosAnswerSchema = zm.object({ promos: zm.array(promoCardSchema) });
export type PromosAnswer = zm.output<typeof promosAnswerSchema>;

export const PROMOS_PATH = '/api/search/promos';

const NONE: PromoCardData[] = [];

/** The site's promo nodes; none when they cannot be read (the results matter more; the read logs it). */
export async function fetchPromos(): Promise<PromoCardData[]> {
  const answer = await apiRead(PROMOS_PATH, promosAnswerSchema, { team: 'mf-search' });
  return answer.status === 'ready' ? answer.data.promos : NONE;
}

/**
 * The site's promo nodes for the page. `initial`: given by the server with its first paint (or
 * fetched ahead), which stands: the cards are in place from the first render, not asked for again.
 */
export function usePromoNodes(initial?: PromoCardData[]): PromoCardData[] {
  const read = useApiRead(
    'mf-search',
    PROMOS_PATH,
    promosAnswerSchema,
    initial ? { initial: { promos: initial } } : {},
  );
  return read.status === 'ready' ? read.data.promos : NONE;
}
