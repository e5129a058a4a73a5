import { visitCopy } from './visit-copy';

describe('the words of a booked visit', () => {
  it('books a test drive of a car, in the spec words', () => {
    expect(visitCopy('car')).toMatchObject({
      heading: 'Book a test drive',
      title: 'Book a Test Drive',
      submit: 'Book Test Drive',
      when: 'Test Drive Booking Date',
    });
  });

  it('books a test drive of a motorcycle or a truck, which are driven too', () => {
    expect([visitCopy('motorcycle').heading, visitCopy('truck').heading]).toEqual([
      'Book a test drive',
      'Book a test drive',
    ]);
  });

  it('books an inspection of a caravan, which is towed and never driven', () => {
    const copy = visitCopy('caravan');
    expect([copy.heading, copy.title, copy.submit, copy.where, copy.when, copy.intro('Coastal Caravans')]).toEqual([
      'Book an inspection',
      'Book an Inspection',
      'Book Inspection',
      'Where would you like to see it?',
      'Inspection Booking Date',
      'Choose a time to inspect your next caravan at Coastal Caravans. We will confirm it with you.',
    ]);
  });
});
