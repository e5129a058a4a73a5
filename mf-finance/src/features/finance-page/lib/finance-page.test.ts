import { financeHeading, isGetFinanceNow } from './finance-page';

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

describe('isGetFinanceNow', () => {
  it('is the Get Finance Now page without a car on a site with the call to action', () => {
    expect(isGetFinanceNow(null, { getFinanceCta: true })).toBe(true);
  });

  it("is the chosen car's finance page when a link names a car, and a plain finance page on a site without the call to action", () => {
    expect(isGetFinanceNow('test-motors-7', { getFinanceCta: true })).toBe(false);
    expect(isGetFinanceNow(null, { getFinanceCta: false })).toBe(false);
  });
});
