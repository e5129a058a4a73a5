import { siteShowsLocation } from './locations';

const location = (dealership_slug: string, visible = true) => ({ dealership_slug, visible });
const none = { hiddenDealerships: [], shownDealerships: undefined };

describe('which locations a site shows', () => {
  it('shows a visible location of any dealership by default', () => {
    expect(siteShowsLocation(none, location('summit-kia-springwood'))).toBe(true);
  });

  it('never shows a location marked visible: false', () => {
    expect(siteShowsLocation(none, location('summit-kia-springwood', false))).toBe(false);
  });

  it("hides the hidden-dealerships list's locations", () => {
    expect(siteShowsLocation({ ...none, hiddenDealerships: ['summit-fleet'] }, location('summit-fleet'))).toBe(false);
  });

  it("shows only the shown-dealerships list's locations where the site keeps one", () => {
    const settings = { hiddenDealerships: [], shownDealerships: ['summit-ford-eagle-farm'] };
    expect(siteShowsLocation(settings, location('summit-ford-eagle-farm'))).toBe(true);
    expect(siteShowsLocation(settings, location('summit-kia-springwood'))).toBe(false);
  });
});
