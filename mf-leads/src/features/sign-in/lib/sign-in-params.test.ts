import { readSignInRequest, safeLocalPath } from './sign-in-params';

describe('safeLocalPath', () => {
  it('keeps a path on this site', () => {
    expect(safeLocalPath('/cars/2021-toyota-hilux?tab=finance')).toBe('/cars/2021-toyota-hilux?tab=finance');
  });

  it('rejects an absolute URL', () => {
    expect(safeLocalPath('https://evil.example/')).toBeNull();
  });

  it('rejects a protocol-relative URL', () => {
    expect(safeLocalPath('//evil.example/')).toBeNull();
  });

  it('rejects a backslash host', () => {
    expect(safeLocalPath('/\\evil.example')).toBeNull();
  });

  it('rejects a javascript: URL', () => {
    expect(safeLocalPath('javascript:alert(1)')).toBeNull();
  });

  it('rejects control characters', () => {
    expect(safeLocalPath('/\t/evil.example')).toBeNull();
  });

  it('is null when missing', () => {
    expect(safeLocalPath(null)).toBeNull();
  });
});

describe('readSignInRequest', () => {
  it('explains a watchlist sign-in with the item noun', () => {
    expect(readSignInRequest(new URLSearchParams('type=watchlist'), 'caravan').reason).toBe(
      'Sign in to save caravans to your watchlist.',
    );
  });

  it('does not repeat an unknown type', () => {
    expect(readSignInRequest(new URLSearchParams('type=Call%201900%20000%20000')).reason).toBe(
      'Sign in with your mobile number.',
    );
  });

  it('ignores inherited object keys as types', () => {
    expect(readSignInRequest(new URLSearchParams('type=constructor')).reason).toBe('Sign in with your mobile number.');
  });

  it('keeps a local redirect', () => {
    expect(readSignInRequest(new URLSearchParams('type=watchlist&redirect=%2Fcars%2Fabc')).redirect).toBe('/cars/abc');
  });

  it('drops a redirect to another site', () => {
    expect(readSignInRequest(new URLSearchParams('redirect=https%3A%2F%2Fevil.example')).redirect).toBeNull();
  });
});
