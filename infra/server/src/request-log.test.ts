import { loggableUrl } from './request-log';

describe('the request log keeps no personal data', () => {
  it("drops the phone number of the contact check's address", () => {
    expect(loggableUrl('/api/check-if-contact-exists?phone_number=0412345678')).toBe(
      '/api/check-if-contact-exists?phone_number=redacted',
    );
  });

  it('keeps an address without personal parameters as it was', () => {
    expect(loggableUrl('/search/used-cars?make=Toyota&page=2')).toBe('/search/used-cars?make=Toyota&page=2');
  });
});
