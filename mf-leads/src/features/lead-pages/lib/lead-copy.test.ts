import { leadHeading, tradeInGuidance } from './lead-copy';

describe('leadHeading', () => {
  it.each([
    ['/book-test-drive', 'Book a test drive'],
    ['/trade-in', 'Trade-in valuation'],
    ['/cars/trade-in', 'Trade-in valuation'],
    ['/sell-my-car', 'Sell your car'],
    ['/sell-your-car', 'Sell your car'],
    ['/contact', 'Contact us'],
    ['/service', 'Book a service'],
    ['/success', 'Thank you'],
    ['/sign-in', 'Sign in'],
  ])('names %s', (path, heading) => {
    expect(leadHeading(path)).toBe(heading);
  });

  it('ignores a trailing slash', () => {
    expect(leadHeading('/book-test-drive/')).toBe('Book a test drive');
  });

  it('is null for a route this team does not own', () => {
    expect(leadHeading('/finance')).toBeNull();
  });
});

describe('tradeInGuidance', () => {
  it('states the online-estimate limits', () => {
    expect(tradeInGuidance()).toBe(
      'Online estimates are generally not given for cars over 7 years old or with more than 100,000 km.',
    );
  });
});
