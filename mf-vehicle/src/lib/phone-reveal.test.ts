import { maskPhone, phoneClickLabel } from './phone-reveal';

describe('phone reveal (spec: first 5 characters shown, the remaining digits as stars)', () => {
  it('keeps the first 5 characters and stars every later digit, keeping the spaces', () => {
    expect(maskPhone('(02) 9555 0142')).toBe('(02) **** ****');
  });

  it('counts characters, not digits: a mobile shows its first 5', () => {
    expect(maskPhone('0412 345 678')).toBe('0412 *** ***');
  });

  it('labels event 25 New Car for a new car and Used Car otherwise', () => {
    expect(phoneClickLabel('new')).toBe('New Car');
    expect(phoneClickLabel('used')).toBe('Used Car');
    expect(phoneClickLabel('demo')).toBe('Used Car');
  });
});
