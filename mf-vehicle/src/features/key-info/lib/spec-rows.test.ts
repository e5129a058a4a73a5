import { visibleSpecRows } from './spec-rows';

describe('visibleSpecRows', () => {
  it('keeps rows with a value', () => {
    expect(visibleSpecRows([{ label: 'Fuel', value: 'Diesel' }])).toEqual([{ label: 'Fuel', value: 'Diesel' }]);
  });

  it('drops a null value', () => {
    expect(visibleSpecRows([{ label: 'Seats', value: null }])).toEqual([]);
  });

  it('drops an undefined value', () => {
    expect(visibleSpecRows([{ label: 'Seats', value: undefined }])).toEqual([]);
  });

  it('drops an empty or blank string', () => {
    expect(
      visibleSpecRows([
        { label: 'Colour', value: '' },
        { label: 'Drive', value: '   ' },
      ]),
    ).toEqual([]);
  });

  it("drops the text 'null'", () => {
    expect(
      visibleSpecRows([
        { label: 'Torque', value: 'null' },
        { label: 'Induction', value: 'NULL' },
      ]),
    ).toEqual([]);
  });

  it('keeps zero, which is a real value', () => {
    expect(visibleSpecRows([{ label: 'Odometer', value: 0 }])).toEqual([{ label: 'Odometer', value: 0 }]);
  });

  it('keeps the order of the remaining rows', () => {
    const rows = [
      { label: 'Year', value: 2021 },
      { label: 'Badge', value: null },
      { label: 'Fuel', value: 'Petrol' },
    ];
    expect(visibleSpecRows(rows).map((row) => row.label)).toEqual(['Year', 'Fuel']);
  });
});
