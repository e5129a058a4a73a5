import { enquiryTitle } from './my-enquiries';

describe('what the garage calls an enquiry', () => {
  it.each([
    ['enquiry', null, 'Enquiry'],
    ['find-similar', 'Find me something similar', 'Find me something similar'],
    ['request-photos', null, 'Photo request'],
    ['test-drive', 'Test Drive Booking Used', 'Test Drive Booking Used'],
    ['trade-in', '3. Offer Accepted', 'Offer Accepted'],
    ['service', null, 'Service booking'],
  ] as const)('%s (subcategory %s) reads %s', (form, subcategory, title) => {
    expect(enquiryTitle(form, subcategory)).toBe(title);
  });
});
