import { arrowState, carouselLayout, clampIndex } from './carousel';

describe('the carousel layout (spec: swipe hint at 3 or fewer, large layout above 4)', () => {
  it.each([
    [1, true, false],
    [3, true, false],
    [4, false, false],
    [5, false, true],
  ])('with %i locations: swipe hint %s, large %s', (count, swipeHint, large) => {
    expect(carouselLayout(count)).toEqual({ swipeHint, large });
  });
});

describe('the arrows (spec: disabled at the ends)', () => {
  it('disables previous on the first card', () => {
    expect(arrowState(0, 5, 2)).toEqual({ previousDisabled: true, nextDisabled: false });
  });

  it('disables next once the last card is in view', () => {
    expect(arrowState(3, 5, 2)).toEqual({ previousDisabled: false, nextDisabled: true });
  });

  it('disables both when every card fits', () => {
    expect(arrowState(0, 2, 3)).toEqual({ previousDisabled: true, nextDisabled: true });
  });

  it('never starts past the last full view', () => {
    expect(clampIndex(9, 5, 2)).toBe(3);
    expect(clampIndex(-1, 5, 2)).toBe(0);
  });
});
