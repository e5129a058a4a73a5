import { collapseSold } from './sold-collapse';

const h = (id: string, status: string) => ({ id, status });

describe('collapseSold (spec: consecutive sold cars collapse into one; all sold shows all)', () => {
  it('collapses a run of sold cars into its first card', () => {
    const out = collapseSold([
      h('a', 'in_stock'),
      h('b', 'sold'),
      h('c', 'sold'),
      h('d', 'sold'),
      h('e', 'coming_soon'),
      h('f', 'sold'),
    ]);
    expect(out.map((o) => [o.hit.id, o.collapsed])).toEqual([
      ['a', 1],
      ['b', 3],
      ['e', 1],
      ['f', 1],
    ]);
  });

  it('shows every car when every car is sold', () => {
    expect(collapseSold([h('a', 'sold'), h('b', 'sold')]).map((o) => o.hit.id)).toEqual(['a', 'b']);
  });
});
