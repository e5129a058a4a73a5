import type { CarHit } from './hit';

/**
 * Spec (search-and-vehicle §4): on tenants that ask for it, consecutive sold cars in the results
 * are collapsed into one (the first of the run stands for it), or, if every car is sold, all
 * are shown. `collapsed` counts the cars each kept card stands for.
 */
export function collapseSold<T extends Pick<CarHit, 'status'>>(
  hits: readonly T[],
): Array<{ hit: T; collapsed: number }> {
  const sold = (hit: Pick<CarHit, 'status'>) => hit.status === 'sold';
  if (hits.every(sold)) return hits.map((hit) => ({ hit, collapsed: 1 }));
  const out: Array<{ hit: T; collapsed: number }> = [];
  for (const hit of hits) {
    const last = out[out.length - 1];
    if (last && sold(hit) && sold(last.hit)) last.collapsed += 1;
    else out.push({ hit, collapsed: 1 });
  }
  return out;
}
