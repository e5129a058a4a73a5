import { viewCountText } from './views';

describe('the card view count (spec §2: optional view count)', () => {
  test('counts views with thousands separators', () => {
    expect(viewCountText(1234)).toBe('1,234 views');
  });

  test('one view is singular', () => {
    expect(viewCountText(1)).toBe('1 view');
  });

  test('no count, or none yet, shows nothing', () => {
    expect([viewCountText(null), viewCountText(undefined), viewCountText(0)]).toEqual([null, null, null]);
  });
});
