import { isTowed } from '@forecourt/shared-config';

/** The words of a booked visit to see an item: the page, the dialog, the form and the card's link. */
export interface VisitCopy {
  /** The `/book-test-drive` page's heading, the form's name and the enquiry card's link. */
  heading: string;
  /** The vehicle page's dialog title, in the spec's title case. */
  title: string;
  submit: string;
  /** The location question of the form's first step. */
  where: string;
  /** The time picker's legend (spec: 'Test Drive Booking Date'). */
  when: string;
  intro: (dealer: string) => string;
}

/**
 * The test-drive booking in the site's words. A towed item (a caravan, a trailer) is not driven:
 * its shopper books a time to inspect it at the yard, as the vehicle page's 'Book an Inspection'
 * button says. Cars, motorcycles and trucks keep the spec's test drive. The lead's subcategory
 * ('Test Drive Booking Used' / 'New') is the dealer's routing field, never shown, and stays.
 */
export function visitCopy(itemNoun: string): VisitCopy {
  if (isTowed(itemNoun)) {
    return {
      heading: 'Book an inspection',
      title: 'Book an Inspection',
      submit: 'Book Inspection',
      where: 'Where would you like to see it?',
      when: 'Inspection Booking Date',
      intro: (dealer) => `Choose a time to inspect your next ${itemNoun} at ${dealer}. We will confirm it with you.`,
    };
  }
  return {
    heading: 'Book a test drive',
    title: 'Book a Test Drive',
    submit: 'Book Test Drive',
    where: 'Where would you like to drive it?',
    when: 'Test Drive Booking Date',
    intro: (dealer) => `Choose a time to drive your next ${itemNoun} at ${dealer}. We will confirm it with you.`,
  };
}
