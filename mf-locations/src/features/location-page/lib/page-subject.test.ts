import { testLocation } from '../../../lib/test-location';
import { locationPageSubject, reviewedDealership } from './page-subject';

const EAGLE_FARM = testLocation();
const PARRAMATTA = testLocation({ id: 'test-d1-l2', slug: 'test-motors-parramatta' });
const SITE = [EAGLE_FARM, PARRAMATTA];

describe("what a location page's slug names", () => {
  it("is one location by its slug, whose dealership's reviews the page shows", () => {
    const subject = locationPageSubject(SITE, 'test-motors-parramatta');
    expect(subject).toEqual({ kind: 'location', location: PARRAMATTA });
    expect(reviewedDealership(subject)).toBe('test-motors');
  });

  it("is a dealership's locations by the dealership's slug", () => {
    expect(locationPageSubject(SITE, 'test-motors')).toEqual({
      kind: 'dealership',
      slug: 'test-motors',
      locations: SITE,
    });
  });

  it('is a location before a dealership that shares its slug (a one-yard dealer named like its yard)', () => {
    const sameName = testLocation({ slug: 'test-motors' });
    expect(locationPageSubject([sameName, PARRAMATTA], 'test-motors')).toEqual({
      kind: 'location',
      location: sameName,
    });
  });

  it('is nothing, and no reviews, for a slug the site does not show', () => {
    const subject = locationPageSubject(SITE, 'somewhere-else');
    expect(subject).toEqual({ kind: 'none' });
    expect(reviewedDealership(subject)).toBeNull();
  });
});
