import { titleFromSlug, yearFromSlug } from './vehicle-title';

describe('titleFromSlug', () => {
  it('title-cases each slug word', () => {
    expect(titleFromSlug('2021-toyota-hilux-sr5')).toBe('2021 Toyota Hilux Sr5');
  });

  it('ignores empty segments', () => {
    expect(titleFromSlug('-mazda--cx-5-')).toBe('Mazda Cx 5');
  });

  it('decodes escaped characters', () => {
    expect(titleFromSlug('jayco%20starcraft')).toBe('Jayco Starcraft');
  });

  it('keeps a malformed escape as text', () => {
    expect(titleFromSlug('ford-100%')).toBe('Ford 100%');
  });

  it('lower-cases the rest of each word', () => {
    expect(titleFromSlug('BMW-X5')).toBe('Bmw X5');
  });
});

describe('yearFromSlug', () => {
  it('reads a leading model year', () => {
    expect(yearFromSlug('2021-toyota-hilux')).toBe(2021);
  });

  it('is null without a leading year', () => {
    expect(yearFromSlug('toyota-hilux-2021')).toBeNull();
  });

  it('is null for a number that is not a year', () => {
    expect(yearFromSlug('3008-peugeot')).toBeNull();
  });
});
