import {
  historyReportLabel,
  priceQuestionAnswer,
  protectTabLabel,
  soldText,
  testDriveButtonText,
  thisItemPrice,
  tradeInQuestion,
  usedChecksHeading,
} from './item-copy';

const CAR_WORD = /\bcars?\b/i;

describe("the vehicle page's words for a car keep the spec's texts", () => {
  it('reads as the spec writes it for a car', () => {
    expect([
      soldText('car'),
      testDriveButtonText('car'),
      protectTabLabel('car'),
      historyReportLabel('car'),
      thisItemPrice(24990, 'car'),
      usedChecksHeading('car'),
    ]).toEqual([
      "Unfortunately this car recently sold. But don't worry, we can help you find a similar one!",
      'Book a Test Drive',
      'Protect Your Car',
      'Car history report',
      'This car $24,990',
      'Used car checks',
    ]);
  });
});

describe.each(['caravan', 'motorcycle', 'truck'])("the vehicle page's words for a %s", (item) => {
  it('never say car', () => {
    const texts = [
      soldText(item),
      testDriveButtonText(item),
      protectTabLabel(item),
      historyReportLabel(item),
      thisItemPrice(24990, item),
      usedChecksHeading(item),
    ];
    const question = [true, false].flatMap((online) => Object.values(tradeInQuestion(item, online)));
    expect([...texts, ...question].filter((text) => CAR_WORD.test(text))).toEqual([]);
  });

  it('name the item itself', () => {
    expect(
      [soldText(item), protectTabLabel(item).toLowerCase(), thisItemPrice(1000, item)].every((text) =>
        text.includes(item),
      ),
    ).toBe(true);
  });
});

describe('a towed caravan', () => {
  it('is booked for an inspection, not a test drive', () => {
    expect(testDriveButtonText('caravan')).toBe('Book an Inspection');
  });

  it('a motorcycle or truck is still test driven', () => {
    expect([testDriveButtonText('motorcycle'), testDriveButtonText('truck')]).toEqual([
      'Book a Test Drive',
      'Book a Test Drive',
    ]);
  });
});

describe('the trade-in question', () => {
  it('offers the online valuation where the site has it', () => {
    expect(tradeInQuestion('car', true).question).toBe('Can I trade in my current car?');
  });

  it('promises no trade-in service on a site that values old ones in person', () => {
    expect(Object.values(tradeInQuestion('caravan', false)).join(' ')).not.toMatch(/trade[\s-]?in/i);
  });
});

describe("the price question's answer", () => {
  it('names finance and trade-in on a site with both', () => {
    expect(priceQuestionAnswer({ finance: true, tradeIn: true })).toBe(
      'Our prices are set against the market (see the price comparison). Talk to us about finance, trade-in and extras.',
    );
  });

  it('names neither on a site with finance off and no online trade-in', () => {
    expect(priceQuestionAnswer({ finance: false, tradeIn: false })).toBe(
      'Our prices are set against the market (see the price comparison). Talk to us about extras.',
    );
  });
});
