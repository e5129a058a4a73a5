import { jsonOf } from './json';

describe('a value as JSON carries it', () => {
  it('writes every Date as its ISO text, however deep, and leaves the rest', () => {
    const at = new Date('2026-11-27T08:02:30.000Z');
    expect(jsonOf({ at, rows: [{ seen: at, count: 2, note: null }], nested: { when: [at] }, name: 'x' })).toEqual({
      at: '2026-11-27T08:02:30.000Z',
      rows: [{ seen: '2026-11-27T08:02:30.000Z', count: 2, note: null }],
      nested: { when: ['2026-11-27T08:02:30.000Z'] },
      name: 'x',
    });
  });

  it('answers what JSON.stringify would write', () => {
    const value = { at: new Date(0), list: [1, 'a', true, null], empty: {} };
    expect(jsonOf(value)).toEqual(JSON.parse(JSON.stringify(value)));
  });
});
