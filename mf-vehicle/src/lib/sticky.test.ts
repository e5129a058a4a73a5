import { stickyParts } from './sticky';

describe('sticky parts (spec: header after 500 px, bottom bar after 900 px)', () => {
  it('shows neither at the top of the page or at exactly 500 px', () => {
    expect([stickyParts(0), stickyParts(500)]).toEqual([
      { header: false, bar: false },
      { header: false, bar: false },
    ]);
  });

  it('shows the header past 500 px and the bar only past 900 px', () => {
    expect([stickyParts(501), stickyParts(900), stickyParts(901)]).toEqual([
      { header: true, bar: false },
      { header: true, bar: false },
      { header: true, bar: true },
    ]);
  });
});
