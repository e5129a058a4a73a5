import { COMPARE_LIMIT, compareAtom, favouritesAtom, nextCompare, toggleCompare, toggleFavourite } from './saved-cars';
import { forecourtStore, toastAtom } from './store';

beforeEach(() => {
  window.localStorage.clear();
  forecourtStore.set(favouritesAtom, []);
  forecourtStore.set(compareAtom, []);
  forecourtStore.set(toastAtom, null);
});

describe('favourites', () => {
  it('adds a car, and a second toggle removes it', () => {
    toggleFavourite('2021-toyota-hilux');
    expect(forecourtStore.get(favouritesAtom)).toEqual(['2021-toyota-hilux']);
    toggleFavourite('2021-toyota-hilux');
    expect(forecourtStore.get(favouritesAtom)).toEqual([]);
  });

  it('keeps them in this browser’s storage, where the next page load finds them', () => {
    toggleFavourite('2021-toyota-hilux');
    expect(JSON.parse(window.localStorage.getItem('forecourt:favourites') ?? '[]')).toEqual(['2021-toyota-hilux']);
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
