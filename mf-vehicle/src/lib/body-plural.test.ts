import { bodyPlural } from './body-plural';

describe('a body type as a plural in running text', () => {
  it("reads 'suv' as 'SUVs'", () => {
    expect(bodyPlural('suv')).toBe('SUVs');
  });

  it("reads 'ute' as 'utes'", () => {
    expect(bodyPlural('ute')).toBe('utes');
  });

  it("reads 'hatch' as 'hatches'", () => {
    expect(bodyPlural('hatch')).toBe('hatches');
  });

  it("keeps 'cabChassis' as 'cab chassis'", () => {
    expect(bodyPlural('cabChassis')).toBe('cab chassis');
  });

  it("reads 'peopleMover' as 'people movers'", () => {
    expect(bodyPlural('peopleMover')).toBe('people movers');
  });
});
