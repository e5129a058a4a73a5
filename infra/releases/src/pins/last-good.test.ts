import type { Pin } from '@forecourt/data/pins';
import { withEarnedLastGood } from './last-good';

const pin = (team: string, version: string, lastGoodVersion: string | null = null): Pin => ({
  tenant: 'redgum-used-cars',
  team,
  version,
  lastGoodVersion,
  updatedAt: new Date(0),
});

describe('the fallback a page names', () => {
  it('is the most recently earned version other than the one served', () => {
    const pins = new Map([['mf-search', pin('mf-search', '1.2.0')]]);
    const result = withEarnedLastGood(pins, new Map([['mf-search', ['1.2.0', '1.1.0', '1.0.0']]]));
    expect(result.get('mf-search')?.lastGoodVersion).toBe('1.1.0');
  });

  it('is none when nothing else earned, even where the pin replaced another version', () => {
    const pins = new Map([['mf-search', pin('mf-search', '1.2.0', '1.1.0')]]);
    expect(withEarnedLastGood(pins, new Map([['mf-search', ['1.2.0']]])).get('mf-search')?.lastGoodVersion).toBeNull();
    expect(withEarnedLastGood(pins, new Map()).get('mf-search')?.lastGoodVersion).toBeNull();
  });

  it("is the earned pin for a shopper served a canary's version", () => {
    const canaryShopper = new Map([['mf-finance', pin('mf-finance', '2.0.0-rc.1', '1.4.0')]]);
    const result = withEarnedLastGood(canaryShopper, new Map([['mf-finance', ['1.4.0']]]));
    expect(result.get('mf-finance')).toMatchObject({ version: '2.0.0-rc.1', lastGoodVersion: '1.4.0' });
  });
});
