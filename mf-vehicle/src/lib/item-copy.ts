import { capitalise, formatDollars, isTowed } from '@forecourt/shared-config';

// The vehicle page's own words for the item it shows, read from the car's `item_type`: the spec's
// texts ('Unfortunately this car recently sold', 'Protect Your Car', 'Book a Test Drive') stay as
// written for every car, on a dealer group too, and a caravan, motorcycle or truck is named as one.

/** Spec §5: the sidebar of a car not in stock. */
export function soldText(itemType = 'car'): string {
  return `Unfortunately this ${itemType} recently sold. But don't worry, we can help you find a similar one!`;
}

/** The test-drive button: a towed caravan is not driven, so its shopper books an inspection. */
export function testDriveButtonText(itemType = 'car'): string {
  return isTowed(itemType) ? 'Book an Inspection' : 'Book a Test Drive';
}

/** The protection tab (spec §2's tabbed sections). */
export function protectTabLabel(itemType = 'car'): string {
  return `Protect Your ${capitalise(itemType)}`;
}

/** The report link to the car's history file. */
export function historyReportLabel(itemType = 'car'): string {
  return `${capitalise(itemType)} history report`;
}

/** The price comparison's mark for the item's own price: 'This car $24,990'. */
export function thisItemPrice(price: number, itemType = 'car'): string {
  return `This ${itemType} ${formatDollars(price)}`;
}

/** Spec §2: the used-car checks block's heading, in the site's noun ('Used car checks'). */
export function usedChecksHeading(itemNoun: string): string {
  return `Used ${itemNoun} checks`;
}

/**
 * The page's trade-in question and its answer. A site without the online valuation takes the
 * shopper's old one in person, so it asks in words that promise no trade-in service online.
 */
export function tradeInQuestion(itemNoun: string, onlineTradeIn: boolean): { question: string; answer: string } {
  return onlineTradeIn
    ? {
        question: `Can I trade in my current ${itemNoun}?`,
        answer: `Yes. Get a valuation online or bring it in: we take ${itemNoun}s of every make, and the trade-in comes off the price on the day.`,
      }
    : {
        question: `Will you take my current ${itemNoun} as part of the deal?`,
        answer: `Yes. Bring it in or ask us about it: we value every one in person, and its value comes off the price on the day.`,
      };
}

/** The price question's answer names only what the site offers: finance and trade-in where it has them. */
export function priceQuestionAnswer(offers: { finance: boolean; tradeIn: boolean }): string {
  const topics = [offers.finance ? 'finance' : null, offers.tradeIn ? 'trade-in' : null, 'extras'].filter(Boolean);
  const list = topics.length > 1 ? `${topics.slice(0, -1).join(', ')} and ${topics.at(-1)}` : topics[0];
  return `Our prices are set against the market (see the price comparison). Talk to us about ${list}.`;
}
