import {
  BODY_TYPES,
  bodyTiles,
  certifiedItems,
  listedChoices,
  listedDays,
  listedSince,
  makeList,
  rememberSearch,
} from './lists';

describe('make list (spec: 7 shown, Show all makes / Hide extra makes)', () => {
  const makes = ['Toyota', 'Mazda', 'Kia', 'Hyundai', 'Ford', 'Mitsubishi', 'Nissan', 'Subaru', 'Isuzu'];

  it('shows 7 and offers the rest', () => {
    expect(makeList(makes, false, 7)).toEqual({ visible: makes.slice(0, 7), toggle: 'Show all makes' });
  });

  it('shows all once expanded and offers to hide them', () => {
    expect(makeList(makes, true, 7)).toEqual({ visible: makes, toggle: 'Hide extra makes' });
  });

  it('uses the site’s popular-makes count, and no toggle when nothing is hidden', () => {
    expect(makeList(makes, false, 5).visible).toHaveLength(5);
    expect(makeList(makes.slice(0, 7), false, 7).toggle).toBeNull();
  });
});

describe('body tiles (finance spec: 4, or 20 with custom bodies; count desc then name desc)', () => {
  const counts = { sedan: 40, suv: 120, ute: 40, hatch: 60, wagon: 5, van: 0 };

  it('shows the 4 largest, ties by name descending', () => {
    expect(bodyTiles(counts, false).map((t) => t.body)).toEqual(['suv', 'hatch', 'ute', 'sedan']);
  });

  it('shows up to 20 with custom bodies, never an empty one', () => {
    expect(bodyTiles(counts, true).map((t) => t.body)).toEqual(['suv', 'hatch', 'ute', 'sedan', 'wagon']);
  });

  it('knows the spec’s 20 body types', () => {
    expect(BODY_TYPES).toHaveLength(20);
    expect(BODY_TYPES).toEqual(expect.arrayContaining(['4x4', 'cabChassis', 'peopleMover', 'stationWagon']));
  });
});

describe('search history (finance spec: last 5 with their paths)', () => {
  it('keeps the newest 5, newest first, one per path', () => {
    let history = Array.from({ length: 5 }, (_, i) => ({ label: `s${i}`, path: `/search/${i}` }));
    history = rememberSearch(history, { label: 'again', path: '/search/3' });
    expect(history.map((h) => h.path)).toEqual(['/search/3', '/search/0', '/search/1', '/search/2', '/search/4']);
    history = rememberSearch(history, { label: 'new', path: '/search/new' });
    expect(history).toHaveLength(5);
    expect(history[0]).toEqual({ label: 'new', path: '/search/new' });
  });
});

describe('certifiedItems (spec §5: the facet hides false on certified-only sites)', () => {
  const facet = [
    { value: 'false', label: 'false', count: 140 },
    { value: 'true', label: 'true', count: 60 },
  ];

  test("a certified-only site lists only 'Certified'", () => {
    expect(certifiedItems(facet, true).map((i) => [i.label, i.count])).toEqual([['Certified', 60]]);
  });

  test('any other site lists both values, labelled for shoppers', () => {
    expect(certifiedItems(facet, false).map((i) => [i.label, i.count])).toEqual([
      ['Not certified', 140],
      ['Certified', 60],
    ]);
  });
});

describe('the Listed filter (created_at_timestamp)', () => {
  const now = 1_800_000_000;
  it('offers the site’s just-arrived window first (8 days by default), then 30 and 90 days', () => {
    expect(listedChoices(8).map((c) => c.label)).toEqual([
      'Just arrived (last 8 days)',
      'In the last 30 days',
      'In the last 90 days',
    ]);
  });

  it('does not offer the same window twice when the site’s window is 30 days', () => {
    expect(listedChoices(30).map((c) => c.days)).toEqual([30, 90]);
  });

  it('starts 8 days ago, on the hour, and reads back as 8 days', () => {
    const since = listedSince(8, now);
    expect(since % 3600).toBe(0);
    expect(now - since).toBeGreaterThanOrEqual(8 * 86_400);
    expect(now - since).toBeLessThan(8 * 86_400 + 3600);
    expect(listedDays(since, now)).toBe(8);
  });
});
