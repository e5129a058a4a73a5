import { capitalise, telHref } from './text';

describe('capitalise', () => {
  it('upper-cases the first letter', () => {
    expect(capitalise('caravan')).toBe('Caravan');
  });
});

describe('telHref', () => {
  it('keeps only digits and plus', () => {
    expect(telHref('+61 (2) 9000 0000')).toBe('tel:+61290000000');
  });
});
