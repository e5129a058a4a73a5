import { formatTable } from './table';

describe('formatTable', () => {
  it('pads every column to its widest cell', () => {
    expect(
      formatTable(
        ['TENANT', 'TEAM'],
        [
          ['redgum-used-cars', 'mf-search'],
          ['*', 'shell'],
        ],
      ),
    ).toBe(
      [
        'TENANT            TEAM',
        '----------------  ---------',
        'redgum-used-cars  mf-search',
        '*                 shell',
      ].join('\n'),
    );
  });
});
