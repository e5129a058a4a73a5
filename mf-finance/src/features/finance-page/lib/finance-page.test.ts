import { financeHeading } from './finance-page';

describe('financeHeading', () => {
  it.each([
    ['/finance', 'Finance'],
    ['/apply-for-finance', 'Apply for finance'],
    ['/finance-enquiry', 'Finance enquiry'],
    ['/personalised/finance', 'Personalised finance'],
  ])('names %s', (path, heading) => {
    expect(financeHeading(path)).toBe(heading);
  });

  it('ignores a trailing slash', () => {
    expect(financeHeading('/finance-enquiry/')).toBe('Finance enquiry');
  });

  it("names the dealer's own finance link as the finance enquiry", () => {
    expect(financeHeading('/car-loans', '/car-loans')).toBe('Finance enquiry');
  });
});
