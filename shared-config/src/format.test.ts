import {
  bodyLabel,
  capitalise,
  contrastRatio,
  DARK_TEXT,
  formatDollars,
  formatKms,
  formatNumber,
  LIGHT_TEXT,
  isTowed,
  readableTextOn,
  specText,
  telHref,
} from './format';

describe('formatDollars', () => {
  it('rounds to whole dollars with separators', () => {
    expect(formatDollars(30499.6)).toBe('$30,500');
  });
});

describe('formatNumber', () => {
  it('separates thousands as Australian sites do', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
  });

  it('keeps the decimals asked for', () => {
    expect([
      formatNumber(12.345, { maximumFractionDigits: 1 }),
      formatNumber(7, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    ]).toEqual(['12.3', '7.00']);
  });
});

describe('formatKms', () => {
  it('writes an odometer reading as the cards and specifications show it', () => {
    expect(formatKms(45342)).toBe('45,342 kms');
  });
});

describe('readableTextOn', () => {
  it('puts dark text on a light brand colour', () => {
    expect(readableTextOn('#c4d600')).toBe(DARK_TEXT);
  });

  it('puts white text on a dark brand colour', () => {
    expect(readableTextOn('#1f4d2b')).toBe(LIGHT_TEXT);
  });

  it('always reaches the WCAG AA ratio for large bold text on the demo accents', () => {
    for (const accent of ['#f2a900', '#c4d600', '#ffb4a2', '#d9a441']) {
      expect(contrastRatio(accent, readableTextOn(accent))).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
  });
});

describe('telHref', () => {
  it('keeps digits and a leading plus only', () => {
    expect(telHref('(02) 9000 0000')).toBe('tel:0290000000');
    expect(telHref('+61 2 9000 0000')).toBe('tel:+61290000000');
  });
});

describe('capitalise', () => {
  it('upper-cases the first letter', () => {
    expect(capitalise('caravan')).toBe('Caravan');
  });
});

describe('body-type labels (the finance spec’s keys as shoppers read them)', () => {
  it.each([
    ['cabChassis', 'Cab chassis'],
    ['stationWagon', 'Station wagon'],
    ['peopleMover', 'People mover'],
    ['suv', 'SUV'],
    ['ev', 'EV'],
    ['4x4', '4x4'],
    ['ute', 'Ute'],
    ['popTop', 'Pop top'],
    ['camperTrailer', 'Camper trailer'],
  ])('%s reads %s', (key, label) => {
    expect(bodyLabel(key)).toBe(label);
  });
});

describe('specification values (a caravan has no transmission or fuel)', () => {
  it.each(['none', 'None', 'Not applicable', 'n/a', ''])('%s is no value, so the row is left out', (value) => {
    expect(specText(value)).toBeNull();
  });

  it('reads automatic as Automatic', () => {
    expect(specText('automatic')).toBe('Automatic');
  });
});

describe('isTowed', () => {
  it('names a caravan towed, and a car, motorcycle or truck driven', () => {
    expect(['Caravan', 'car', 'motorcycle', 'truck', 'vehicle'].map(isTowed)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});
