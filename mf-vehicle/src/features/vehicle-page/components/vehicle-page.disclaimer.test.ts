import { pageDisclaimer } from './vehicle-page';

describe('the car page’s disclaimer speaks only of the estimates the page shows', () => {
  it('names finance and fuel figures on a page with both', () => {
    expect(pageDisclaimer({ finance: true, fuel: true })).toMatch(
      / Finance and fuel figures are estimates only, not offers\.$/,
    );
  });

  it('names no finance on a site without finance, and no fuel where there is no fuel calculator (a caravan)', () => {
    const text = pageDisclaimer({ finance: false, fuel: false });
    expect(text).not.toMatch(/finance|fuel/i);
    expect(text).toMatch(/^While we make every effort to keep this listing accurate/);
  });

  it('names fuel figures alone where the page shows no finance', () => {
    expect(pageDisclaimer({ finance: false, fuel: true })).toMatch(/ Fuel figures are estimates only, not offers\.$/);
  });
});
