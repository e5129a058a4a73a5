import { testCar } from '../testing/test-car';
import { visibleSpecRows } from '../features/key-info/lib/spec-rows';
import { specificationRows } from './specifications';

const today = new Date('2026-11-23T00:00:00Z');

describe('specification rows', () => {
  it('put the four key facts first (spec: key information 4 first)', () => {
    expect(
      specificationRows(testCar(), today, false)
        .slice(0, 4)
        .map((r) => r.label),
    ).toEqual(['Year', 'Kilometres', 'Transmission', 'Fuel']);
  });

  it('drop rows the car has no value for', () => {
    const rows = visibleSpecRows(specificationRows(testCar({ variant: { torque: null, cylinders: 4 } }), today, false));
    expect(rows.find((r) => r.label === 'Torque')).toBeUndefined();
    expect(rows.find((r) => r.label === 'Cylinders')?.value).toBe(4);
  });

  it('read the rego expiry as the spec says', () => {
    const rows = visibleSpecRows(specificationRows(testCar({ rego_expiry: '2027-03-12' }), today, false));
    expect(rows.find((r) => r.label === 'Rego expiry')?.value).toBe('Expires on 12 March 2027');
  });
});

describe('a caravan’s length (spec: feet to metres 0.3048)', () => {
  it('reads 6,096 mm as 20.0 ft beside the millimetres', () => {
    const rows = visibleSpecRows(
      specificationRows(testCar({ item_type: 'caravan', variant: { vehiclelength: 6096 } }), today, false),
    );
    expect(rows.find((r) => r.label === 'Length')?.value).toBe('6,096 mm (20.0 ft)');
  });

  it('gives a car’s length in millimetres only', () => {
    const rows = visibleSpecRows(specificationRows(testCar({ variant: { vehiclelength: 4961 } }), today, false));
    expect(rows.find((r) => r.label === 'Length')?.value).toBe('4,961 mm');
  });
});

describe('a caravan’s specifications (no transmission, no fuel)', () => {
  const caravan = testCar({ item_type: 'caravan', transmission: 'none', fuel: 'none', body: 'popTop' });

  it("shows no 'Transmission: None' and no 'Fuel: None' row", () => {
    const labels = visibleSpecRows(specificationRows(caravan, today, false)).map((r) => r.label);
    expect(labels).not.toContain('Transmission');
    expect(labels).not.toContain('Fuel');
  });

  it('reads the body type as the product writes it: Pop top', () => {
    expect(visibleSpecRows(specificationRows(caravan, today, false)).find((r) => r.label === 'Body')?.value).toBe(
      'Pop top',
    );
  });
});

describe('body types read as the product writes them', () => {
  it('reads suv as SUV', () => {
    expect(
      visibleSpecRows(specificationRows(testCar({ body: 'suv' }), today, false)).find((r) => r.label === 'Body')?.value,
    ).toBe('SUV');
  });
});

describe('the rows of a kind of stock that has no odometer or drivetrain', () => {
  const labels = (car: Parameters<typeof specificationRows>[0]) =>
    visibleSpecRows(specificationRows(car, today, false)).map((row) => row.label);

  it('gives a towed caravan no Kilometres and no Drive row', () => {
    const rows = labels(testCar({ item_type: 'caravan', km: 0, drive: 'none', transmission: 'none', fuel: 'none' }));
    expect(rows).not.toContain('Kilometres');
    expect(rows).not.toContain('Drive');
  });

  it('keeps a caravan’s Kilometres when its data has a reading', () => {
    expect(labels(testCar({ item_type: 'caravan', km: 12_000 }))).toContain('Kilometres');
  });

  it.each(['motorcycle', 'truck'])('keeps a %s’s Kilometres and Drive', (itemType) => {
    expect(labels(testCar({ item_type: itemType, km: 8_000, drive: 'rear wheel drive' }))).toEqual(
      expect.arrayContaining(['Kilometres', 'Drive']),
    );
  });
});
