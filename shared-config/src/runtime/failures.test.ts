import { PLATFORM_EVENT } from './failures';
import { FAVOURITE_ADDED_EVENT } from './saved-cars';

describe('platform event ids', () => {
  it('lie in the platform’s own range, 9001 to 9099', () => {
    for (const id of Object.values(PLATFORM_EVENT)) expect(id >= 9001 && id <= 9099).toBe(true);
  });

  it('never equal a product event id (a car saved to favourites is 1001)', () => {
    expect(Object.values(PLATFORM_EVENT)).not.toContain(FAVOURITE_ADDED_EVENT);
    expect(new Set(Object.values(PLATFORM_EVENT)).size).toBe(Object.values(PLATFORM_EVENT).length);
  });
});
