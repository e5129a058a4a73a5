import {
  canaryShareWords,
  canaryStartWords,
  canaryStopWords,
  parseShare,
  possessive,
  promoteWords,
  rollbackWords,
} from './change-words';

const target = { tenant: 'harbourside-motors', team: 'mf-search' };

describe('what a change tells the operator shoppers will get', () => {
  it('a canary: its share gets the new version, the rest stay on the pin', () => {
    expect(canaryStartWords({ ...target, pin: '1.1.5', version: '1.1.6', share: 10 })).toBe(
      "10% of harbourside-motors' shoppers will get mf-search 1.1.6, chosen per shopper and kept on their return visits. The other 90% stay on 1.1.5.",
    );
  });

  it('a smaller share sends some canary shoppers back to the pin', () => {
    expect(canaryShareWords({ ...target, pin: '1.1.5', version: '1.1.6', from: 25, to: 10 })).toContain(
      "15% of harbourside-motors' shoppers go back from 1.1.6 to 1.1.5.",
    );
  });

  it('stopping a canary: everyone on the pin, and the canary loses its standing', () => {
    expect(canaryStopWords({ ...target, pin: '1.1.5', version: '1.1.6', share: 10 })).toBe(
      'Every harbourside-motors shopper will get mf-search 1.1.5, including the 10% now on 1.1.6. 1.1.6 is presumed bad and loses any last-good standing it earned here.',
    );
  });

  it('promote: everyone on the canary, and the old pin is where a rollback goes', () => {
    expect(promoteWords({ ...target, pin: '1.1.5', version: '1.1.6', share: 10 })).toBe(
      'Every harbourside-motors shopper will get mf-search 1.1.6 (now 10% get it, the others 1.1.5). 1.1.5 becomes the version a rollback goes back to.',
    );
  });

  it('rollback: everyone on the version the pin replaced', () => {
    expect(rollbackWords({ ...target, pin: '1.1.5', to: '1.1.4' })).toBe(
      'Every harbourside-motors shopper will get mf-search 1.1.4 instead of 1.1.5. 1.1.5 is presumed bad and loses any last-good standing it earned here.',
    );
  });
});

describe("a dealer's shoppers", () => {
  it.each([
    ['Harbourside Motors', "Harbourside Motors'"],
    ['Summit Auto Group', "Summit Auto Group's"],
  ])('%s -> %s', (name, words) => {
    expect(possessive(name)).toBe(words);
  });
});

describe('a canary share', () => {
  it.each(['1', '50', '99', ' 7 '])('accepts %p', (text) => {
    expect(parseShare(text)).toEqual({ share: Number(text.trim()) });
  });

  it.each(['0', '100', '1.5', 'ten', '', '-3'])('refuses %p, saying why', (text) => {
    expect(parseShare(text)).toEqual({ error: expect.stringMatching(/1 to 99/) });
  });
});
