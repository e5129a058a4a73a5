import { carBadge, DEFAULT_BADGE_OPTIONS, type BadgeCar } from './badges';
import { parseTenantConfig } from './tenant/schema';

const carHit = (overrides: Partial<BadgeCar> = {}): BadgeCar => ({
  status: 'in_stock',
  car_type: 'new',
  fuel: 'petrol',
  reserved: false,
  certified: false,
  make: 'Mazda',
  tag: null,
  created_at_timestamp: null,
  ...overrides,
});

const DAY = 86_400;
const now = 1_800_000_000;
const old = now - 30 * DAY;
const all = { ...DEFAULT_BADGE_OPTIONS, fuelBadge: true, certifiedMake: 'Toyota', greenTags: ['runout sale'] };

describe('carBadge (spec order: fuel, Reserved, certified, tag, coming soon, New)', () => {
  it('puts the Electric fuel badge first where the site enables it', () => {
    expect(carBadge(carHit({ fuel: 'electric', reserved: true, created_at_timestamp: old }), all, now)).toEqual({
      kind: 'fuel',
      text: 'Electric',
    });
  });

  it('shows no fuel badge where the site does not enable it', () => {
    expect(
      carBadge(
        carHit({ fuel: 'hybrid petrol', reserved: true, created_at_timestamp: old }),
        DEFAULT_BADGE_OPTIONS,
        now,
      ),
    ).toEqual({ kind: 'reserved', text: 'Reserved' });
  });

  it('calls every hybrid fuel Hybrid', () => {
    expect(carBadge(carHit({ fuel: 'hybrid diesel', created_at_timestamp: old }), all, now)).toEqual({
      kind: 'fuel',
      text: 'Hybrid',
    });
  });

  it('puts Reserved before the certified badge and a tag', () => {
    expect(
      carBadge(
        carHit({ make: 'Toyota', certified: true, reserved: true, tag: 'Clearance', created_at_timestamp: old }),
        all,
        now,
      )?.kind,
    ).toBe('reserved');
  });

  it('shows the certified image badge only for the site’s one make', () => {
    expect(
      carBadge(carHit({ make: 'Toyota', certified: true, tag: 'Clearance', created_at_timestamp: old }), all, now),
    ).toEqual({ kind: 'certified', make: 'Toyota' });
    expect(
      carBadge(carHit({ make: 'Mazda', certified: true, tag: 'Clearance', created_at_timestamp: old }), all, now)?.kind,
    ).toBe('tag');
  });

  it('shows runout sale in green and other tags in red', () => {
    expect(carBadge(carHit({ tag: 'runout sale', created_at_timestamp: old }), all, now)).toEqual({
      kind: 'tag',
      text: 'runout sale',
      tone: 'green',
    });
    expect(carBadge(carHit({ tag: 'Clearance', created_at_timestamp: old }), all, now)).toEqual({
      kind: 'tag',
      text: 'Clearance',
      tone: 'red',
    });
  });

  it('shows coming soon before New', () => {
    expect(carBadge(carHit({ status: 'coming_soon', created_at_timestamp: now - DAY }), all, now)).toEqual({
      kind: 'coming-soon',
      text: 'Coming soon',
    });
  });

  it('shows New within 8 days of listing and nothing after, on a site that keeps the defaults', () => {
    // The options the cards and the vehicle page pass: a site's badge settings, here all defaulted.
    const site = parseTenantConfig(
      {
        slug: 'test-motors',
        name: 'Test Motors',
        kind: 'multi-franchise',
        logo: { text: 'TM', alt: 'Test Motors logo' },
        theme: { primary: '#123456', accent: '#abcdef' },
        contact: { phone: '02 9000 0000', city: 'Sydney', state: 'NSW' },
      },
      'test',
    ).search.badges;
    expect(carBadge(carHit({ created_at_timestamp: now - 8 * DAY + 60 }), site, now)).toEqual({
      kind: 'new',
      text: 'New',
    });
    expect(carBadge(carHit({ created_at_timestamp: now - 8 * DAY }), site, now)).toBeNull();
  });

  it('tags a used or demo car listed in the window Just arrived, never New', () => {
    expect(carBadge(carHit({ car_type: 'used', created_at_timestamp: now - DAY }), all, now)).toEqual({
      kind: 'new',
      text: 'Just arrived',
    });
    expect(carBadge(carHit({ car_type: 'demo', created_at_timestamp: now - DAY }), all, now)).toEqual({
      kind: 'new',
      text: 'Just arrived',
    });
  });

  it('uses the site’s own New text and window', () => {
    expect(
      carBadge(carHit({ created_at_timestamp: now - 10 * DAY }), { ...all, newText: 'Just arrived', newDays: 14 }, now),
    ).toEqual({ kind: 'new', text: 'Just arrived' });
  });

  it('shows just sold on a sold car, whatever else it has', () => {
    expect(carBadge(carHit({ status: 'sold', reserved: true, fuel: 'electric' }), all, now)).toEqual({
      kind: 'sold',
      text: 'just sold',
    });
  });
});
