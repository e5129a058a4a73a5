import { tradeInGuidance } from './lead-copy';

describe('tradeInGuidance', () => {
  it('states the online-estimate limits', () => {
    expect(tradeInGuidance()).toBe(
      'Online estimates are generally not given for cars over 7 years old or with more than 100,000 km.',
    );
  });
});
