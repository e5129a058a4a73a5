import {
  COMPARE_LIMIT,
  compareAtom,
  favouritesAtom,
  nextCompare,
  recordViewedCar,
  toggleCompare,
  toggleFavourite,
  viewedCarsAtom,
  type FavouriteEntry,
} from './saved-cars';
import { forecourtStore, tenantAtom, toastAtom } from './store';
import { serveRoutes, testTenant } from '../testing/render';

const HILUX: FavouriteEntry = {
  id: 'hm-1',
  name: '2021 Toyota Hilux SR5',
  slug: '2021-toyota-hilux',
  make: 'Toyota',
  model: 'Hilux',
  primary_image_url: '/media/cars/hm-1/1.jpg',
};

beforeEach(() => {
  window.localStorage.clear();
  forecourtStore.set(tenantAtom, testTenant());
  forecourtStore.set(favouritesAtom, []);
  forecourtStore.set(viewedCarsAtom, []);
  forecourtStore.set(compareAtom, []);
  forecourtStore.set(toastAtom, null);
});

describe('favourites', () => {
  // Adding a favourite is an analytics event (the page's own send, answered as the server does).
  beforeEach(() => serveRoutes({ 'POST /api/events': { status: 202 } }));

  it('adds a car, and a second toggle removes it', () => {
    expect(toggleFavourite(HILUX)).toBe('added');
    expect(forecourtStore.get(favouritesAtom).map((e) => e.slug)).toEqual(['2021-toyota-hilux']);
    expect(toggleFavourite(HILUX)).toBe('removed');
    expect(forecourtStore.get(favouritesAtom)).toEqual([]);
  });

  it('keeps the spec’s favourite entry (id, name, slug, make, model, primary_image_url) under the site’s own key', () => {
    toggleFavourite(HILUX);
    expect(JSON.parse(window.localStorage.getItem('forecourt:test-motors:favourites') ?? '[]')).toEqual([HILUX]);
  });
});

describe('the compare list', () => {
  it(`takes up to ${COMPARE_LIMIT} cars and refuses a fourth`, () => {
    expect(nextCompare(['a', 'b'], 'c')).toEqual({ list: ['a', 'b', 'c'], outcome: 'added' });
    expect(nextCompare(['a', 'b', 'c'], 'd')).toEqual({ list: ['a', 'b', 'c'], outcome: 'full' });
  });

  it('removes a car that is already in it, even when full', () => {
    expect(nextCompare(['a', 'b', 'c'], 'b')).toEqual({ list: ['a', 'c'], outcome: 'removed' });
  });

  it('tells the shopper why a fourth car was not added, in the site’s noun', () => {
    for (const slug of ['a', 'b', 'c', 'd']) toggleCompare(slug, 'caravan');
    expect(forecourtStore.get(compareAtom)).toEqual(['a', 'b', 'c']);
    expect(forecourtStore.get(toastAtom)?.message).toBe('You can compare up to 3 caravans. Remove one to add another.');
  });
});

describe('recently viewed cars', () => {
  const viewed = (id: string) => ({
    id,
    stocknum: `S${id}`,
    make: 'Toyota',
    model: 'Hilux',
    body: 'ute',
    simple_body: 'ute',
  });

  it('keeps the spec’s viewed-car entry, newest first, each car once', () => {
    recordViewedCar(viewed('a'));
    recordViewedCar(viewed('b'));
    recordViewedCar(viewed('a'));
    expect(forecourtStore.get(viewedCarsAtom)).toEqual([viewed('a'), viewed('b')]);
  });

  it('keeps the 20 most recent', () => {
    for (let i = 0; i < 25; i++) recordViewedCar(viewed(String(i)));
    expect(forecourtStore.get(viewedCarsAtom).map((e) => e.id)).toEqual(
      Array.from({ length: 20 }, (_, i) => String(24 - i)),
    );
  });
});
